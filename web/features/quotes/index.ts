/** What other features may use of quotes: the quote reads. */
export { quoteQueries } from './queries';
