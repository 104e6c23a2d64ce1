/** What other features may use of messages: the message reads. */
export { messageQueries } from './queries';
