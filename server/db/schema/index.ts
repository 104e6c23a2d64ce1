export * from './users';
export * from './terms';
export * from './mail';
export * from './media';
export * from './courses';
export * from './payments';
export * from './jobs';
