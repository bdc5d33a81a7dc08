// The reports area's door: the sales report and the restock planner (issue 37).
export { default as reportRoutes } from './routes';
export { createReportCaches } from './caches';
