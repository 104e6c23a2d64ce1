/** What other features may use of reviews: the review reads. */
export { reviewQueries } from './queries';
