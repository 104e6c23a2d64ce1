/** The about page's fixed content: the school's people, recordings and press. */

export const PODCAST_DESCRIPTION_MAX = 120;

export const METHOD = [
  {
    name: 'Questioning',
    text: 'Every posture has a reason. Students are asked what a movement is for before they are shown how to do it, and instructors answer with the classics, with physics and with a partner’s hands.',
  },
  {
    name: 'Scaffolding',
    text: 'Skills are built in layers: standing before stepping, stepping before forms, solo forms before partner drills. Each class names the layer it works on, so students always know where they are.',
  },
  {
    name: 'Standardizing',
    text: 'Our instructors teach from shared written curricula and check each other’s classes, so a student who moves from the Tuesday to the Saturday group meets the same corrections in the same words.',
  },
] as const;

export const TEAM = [
  {
    name: 'Sifu Lin Wei',
    role: 'Founder and head instructor, Taijiquan',
    bio: 'Thirty years of standing practice and Chen-style Taijiquan; taught in Beijing and Oakland before founding the school in Santa Rosa in 2014. Leads the push-hands classes.',
  },
  {
    name: 'Sifu Maria Alvarez',
    role: 'Senior instructor, Xingyiquan',
    bio: 'A physical therapist and Hebei-style Xingyiquan practitioner who teaches the Five Elements and leads our balance research with students over sixty.',
  },
  {
    name: 'Sifu Zhao Ming',
    role: 'Instructor, Baguazhang',
    bio: 'Teaches Cheng-style Baguazhang circle walking and the eight mother palms, and translates classical training songs for our students.',
  },
  {
    name: 'Dana Whitfield',
    role: 'Executive director',
    bio: 'Runs the foundation’s programs, scholarships and partnerships with community centres across the county.',
  },
] as const;

export const PODCASTS = [
  {
    title: 'Standing Still, Moving Forward',
    show: 'The Internal Arts Hour',
    description:
      'Sifu Lin Wei on why every student starts with standing, how long to hold it, and what changes in the legs and breath during the first hundred days of zhan zhuang practice.',
  },
  {
    title: 'Taijiquan After Sixty',
    show: 'North Bay Health Talk',
    description:
      'Sifu Maria Alvarez explains what two years of tracking balance in our senior classes has shown, which Taijiquan and standing exercises matter most for preventing falls, and how to start safely.',
  },
  {
    title: 'Walking the Circle',
    show: 'Martial Arts Study Podcast',
    description:
      'Sifu Zhao Ming on the history of Baguazhang in the Qing palace, the logic of circle walking and the eight trigrams, and how a beginner can practise the single palm change at home.',
  },
] as const;

export const ARTICLES = [
  {
    publication: 'Sonoma Community Journal',
    date: 'Spring 2025',
    title: 'A school that teaches slow power',
    summary:
      'A visit to our Saturday classes, where a software engineer, a retired nurse and a teenage wrestler train side by side — and what keeps them coming back.',
  },
  {
    publication: 'Internal Arts Quarterly',
    date: 'Issue 38, 2024',
    title: 'Writing the curriculum down',
    summary:
      'How our instructors turned three oral traditions into shared written curricula without losing the details that only appear when a teacher’s hands correct a posture.',
  },
] as const;
