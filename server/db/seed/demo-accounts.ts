/**
 * The demo accounts the embedded default starts with (SEED_DEMO, on a database without users).
 * README and the e2e tests sign in with these; change or remove them before going live.
 */
export const DEMO_ADMIN_PASSWORD = 'kwoon-admin-demo';
export const DEMO_STUDENT_PASSWORD = 'kwoon-student-demo';

export interface DemoAccount {
  username: string;
  password: string;
  name: string;
  email: string;
  is_admin: boolean;
  city: string;
  country: string;
  martial_art: string;
  experience: number;
  /** A student's sash grade, shown in the user menu; admins have none. */
  belt?: string;
  /** Whether the seed records an acceptance of the current terms (students see the modal first). */
  accepted_terms: boolean;
}

export const DEMO_ADMIN: DemoAccount = {
  username: 'admin',
  password: DEMO_ADMIN_PASSWORD,
  name: 'Sifu Admin',
  email: 'admin@kwoon.local',
  is_admin: true,
  city: 'Oakland',
  country: 'United States',
  martial_art: 'Xingyiquan, Taijiquan, Baguazhang',
  experience: 25,
  accepted_terms: true,
};

export const DEMO_STUDENTS: readonly DemoAccount[] = [
  {
    username: 'mei',
    password: DEMO_STUDENT_PASSWORD,
    name: 'Mei Chen',
    email: 'mei@kwoon.local',
    is_admin: false,
    city: 'Oakland',
    country: 'United States',
    martial_art: 'Taijiquan',
    experience: 2,
    belt: 'Blue Sash',
    accepted_terms: false,
  },
  {
    username: 'daniel',
    password: DEMO_STUDENT_PASSWORD,
    name: 'Daniel Okafor',
    email: 'daniel@kwoon.local',
    is_admin: false,
    city: 'Berkeley',
    country: 'United States',
    martial_art: 'Xingyiquan',
    experience: 1,
    belt: 'White Sash',
    accepted_terms: false,
  },
];

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [DEMO_ADMIN, ...DEMO_STUDENTS];
