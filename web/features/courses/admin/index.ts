export { ContentManagerPage } from './content-manager-page';
export { CourseManagement } from './course-management';
export { RecentEnrollments } from './recent-enrollments';
