/** What other features may use of users: the user reads. */
export { userQueries } from './queries';
