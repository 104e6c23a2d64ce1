import { CLASS_DAYS, type ClassSession } from '../../../common/classes';
import { toSchool } from '../../../common/school-time';

/** Line breaks would let a one-line field forge the lines of the e-mail below it. */
const oneLine = (text: string) => text.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim();

const dayName = (day: ClassSession['day_of_week']) => day.charAt(0).toUpperCase() + day.slice(1);

interface MailClass {
  class_name: string;
  instructor_name: string;
  location: string;
  sessions: ClassSession[];
}

function schedule(cls: MailClass): string[] {
  return [...cls.sessions]
    .sort((a, b) => CLASS_DAYS.indexOf(a.day_of_week) - CLASS_DAYS.indexOf(b.day_of_week))
    .map((s) => `  ${dayName(s.day_of_week)} ${s.start_time}-${s.end_time}`);
}

function about(cls: MailClass): string[] {
  return [
    `Class: ${cls.class_name}`,
    `Instructor: ${cls.instructor_name}`,
    `Location: ${cls.location}`,
    'Weekly sessions:',
    ...schedule(cls),
  ];
}

/** The e-mails of weekly classes: sign-up confirmations and the offer of a freed seat. */
export function classMails(site: string) {
  return {
    interest(cls: MailClass, name: string) {
      return {
        subject: `You're on the interest list for ${cls.class_name}`,
        text: [
          `Dear ${oneLine(name)},`,
          '',
          `Thank you for your interest in ${cls.class_name}. You're on the interest list, and we'll be in touch.`,
          '',
          ...about(cls),
          '',
          `See all our classes: ${site}/classes`,
        ].join('\n'),
      };
    },

    waitlist(cls: MailClass, name: string, position: number) {
      return {
        subject: `You're on the waitlist for ${cls.class_name}`,
        text: [
          `Dear ${oneLine(name)},`,
          '',
          `${cls.class_name} is full at the moment, so you're on its waitlist: number ${position} in line.`,
          "As soon as a seat frees up we'll e-mail you a link to take it.",
          '',
          ...about(cls),
        ].join('\n'),
      };
    },

    offer(cls: MailClass, name: string, token: string, expiresAt: Date, timeZone: string) {
      const until = toSchool(expiresAt, timeZone);
      return {
        subject: `A seat is free for you in ${cls.class_name}`,
        text: [
          `Dear ${oneLine(name)},`,
          '',
          `A seat has freed up in ${cls.class_name} and it is held for you until ${until.date} ${until.time} (school time).`,
          'Take it here:',
          `${site}/classes/offers/${token}`,
          '',
          'If you let the time pass, the seat goes to the next person on the waitlist.',
          '',
          ...about(cls),
        ].join('\n'),
      };
    },
  };
}
