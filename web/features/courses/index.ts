/** What other features may use of courses: the course reads. */
export { courseQueries } from './queries';
