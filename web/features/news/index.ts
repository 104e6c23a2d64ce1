/** What other features may use of news: the news reads. */
export { newsQueries } from './queries';
