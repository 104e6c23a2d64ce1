import type { Class } from '../../../common/classes';

/** What the workshops calendar shows of a recurring class: nobody's details, only the class. */
export type CalendarClass = Pick<
  Class,
  | 'id'
  | 'class_name'
  | 'class_type'
  | 'instructor_name'
  | 'location'
  | 'skill_focus'
  | 'description'
  | 'current_enrollment'
  | 'max_capacity'
  | 'sessions'
>;

export function calendarClass(item: Class): CalendarClass {
  return {
    id: item.id,
    class_name: item.class_name,
    class_type: item.class_type,
    instructor_name: item.instructor_name,
    location: item.location,
    skill_focus: item.skill_focus,
    description: item.description,
    current_enrollment: item.current_enrollment,
    max_capacity: item.max_capacity,
    sessions: item.sessions,
  };
}
