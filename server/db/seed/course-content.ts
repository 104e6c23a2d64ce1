/**
 * The demo courses' teaching content (the seed in courses.ts writes it). Each video lesson plays a
 * short title card from demo-videos/ (see demo-media.ts), a placeholder for the school's own
 * recording; replace them, or the courses, before going live.
 */

/** A quiz question as stored, in a JSON list, in a quiz lesson's content_text. */
export interface SeedQuizQuestion {
  id: string;
  text: string;
  options: string[];
  correctAnswer: number;
  explanation: string;
}

export type SeedLesson = { title: string; minutes: number } &
  /** `video` names the lesson's file in demo-videos/, without its extension. */
  (
    | { type: 'video'; video: string; text: string }
    | { type: 'article'; text: string }
    | {
        type: 'quiz';
        questions: SeedQuizQuestion[];
        /** A pass mark in percent; without one, any attempt completes the quiz. */
        passMark?: number;
      }
  );

export interface SeedModule {
  title: string;
  description: string;
  lessons: SeedLesson[];
}

export interface SeedCourse {
  title: string;
  description: string;
  instructor_name: string;
  skill_level: 'beginner' | 'intermediate' | 'advanced';
  category: string;
  estimated_hours: number;
  price_cents: number;
  is_published: boolean;
  is_series: boolean;
  prerequisites: string[];
  learning_objectives: string[];
  /** Catalogue ids: 1 Video, 2 Downloads, 3 Community, 4 Certificate, 5 Lifetime, 6 Mobile, 7 Subtitles, 8 Quizzes. */
  features: number[];
  /** When the course was created and last edited, in days before the seed runs. */
  createdDaysAgo: number;
  updatedDaysAgo: number;
  modules: SeedModule[];
}

/** Article text: paragraphs separated by a blank line. */
export const paragraphs = (...parts: string[]) => parts.join('\n\n');

export const ZHAN_ZHUANG: SeedCourse = {
  title: 'Foundations of Zhan Zhuang: Standing Meditation',
  description:
    "Zhan zhuang, 'standing like a post', is where every internal art at our school begins. Over three short modules you will learn the wuji and hun yuan postures, how to breathe and relax without collapsing, and how to build a daily standing practice that fits a working life. No experience is needed: only a quiet corner and ten minutes a day.",
  instructor_name: 'Sifu Lin Wei',
  skill_level: 'beginner',
  category: 'Qigong & Foundations',
  estimated_hours: 4,
  price_cents: 0,
  is_published: true,
  is_series: false,
  prerequisites: [
    'No martial arts experience required',
    'Able to stand comfortably for ten minutes (a chair-supported option is shown)',
    'Loose clothing and flat shoes, or bare feet',
  ],
  learning_objectives: [
    'Stand in wuji and hun yuan zhuang with correct alignment from feet to crown',
    'Breathe naturally into the lower abdomen without forcing',
    'Recognise and correct the most common standing mistakes',
    'Build a daily practice from five to thirty minutes',
    'Understand why standing is the root of Xingyiquan, Taijiquan and Baguazhang',
  ],
  features: [1, 3, 4, 5, 6, 8],
  createdDaysAgo: 120,
  updatedDaysAgo: 30,
  modules: [
    {
      title: 'Why We Stand',
      description: 'What standing practice trains, and the wuji posture built from the ground up.',
      lessons: [
        {
          title: 'Welcome: What Zhan Zhuang Is and Is Not',
          type: 'video',
          minutes: 8,
          video: 'zhan-zhuang-welcome',
          text: 'Sifu Lin Wei introduces standing practice as it is taught at our school: why all three of our arts begin here, what you should and should not expect to feel in the first weeks, and how this course is organised.',
        },
        {
          title: 'The Structure of Wuji Posture',
          type: 'article',
          minutes: 12,
          text: paragraphs(
            "Wuji means 'without limit': the undivided state before yin and yang separate. As a posture it is the simplest thing we teach, and for that reason the easiest to do carelessly. Build it from the ground up, one joint at a time, and check it in a mirror or with a friend's eye during the first weeks.",
            "Feet: stand with the feet parallel, shoulder-width apart, measured from their outside edges. Spread the weight evenly between heel and ball and between the inner and outer edges; the toes rest, they do not grip. Imagine the point just behind the ball of each foot, yongquan or 'bubbling well', lightly touching the floor rather than pressed into it.",
            'Knees and hips: unlock the knees so that they bend slightly, enough that nobody could push them straight, and keep them over the second and third toes. Let the hip joints fold a little, as if about to sit on a high stool. The tailbone drops on its own as the lower back lengthens; do not tuck the pelvis by clenching the buttocks, which only moves the tension somewhere else.',
            "Torso and arms: the chest is neither pushed out nor sunk in; our teachers call this 'containing the chest and raising the back' (han xiong ba bei). The shoulders hang from the collarbones, the elbows stay slightly away from the ribs as if holding a small ball in each armpit, and the hands rest beside the thighs with the fingers gently spread.",
            'Head: the crown is lifted as though suspended by a thread (xu ling ding jin), which lengthens the back of the neck and brings the chin slightly in. The eyes look level to the horizon, soft rather than fixed, and the tongue rests on the roof of the mouth behind the upper teeth. Once everything is placed, stop adjusting and stand: the posture is a container, and the practice is what happens inside it.',
          ),
        },
        {
          title: 'Finding Your Stance: Width, Height and Weight',
          type: 'video',
          minutes: 14,
          video: 'zhan-zhuang-stance',
          text: 'A side and front view of wuji posture with three students of different builds. Sifu Lin Wei shows how to measure stance width, how deep to bend the knees in the first month, and how to find the point where the weight settles just in front of the ankle bone.',
        },
      ],
    },
    {
      title: 'Breath, Relaxation and Attention',
      description:
        'Natural abdominal breathing, the meaning of song, and the mistakes nearly everyone makes.',
      lessons: [
        {
          title: 'Natural Breathing into the Lower Abdomen',
          type: 'video',
          minutes: 15,
          video: 'zhan-zhuang-breathing',
          text: 'A guided ten-minute stand with breathing cues. You will learn to let the breath settle lower on its own, rather than pushing the belly out, and to use each exhalation to release one part of the body.',
        },
        {
          title: 'Song: Relaxing Without Collapsing',
          type: 'article',
          minutes: 10,
          text: paragraphs(
            "Song is usually translated as 'relaxed', but the word our teachers prefer in English is 'released'. A song body is not limp. It is a body in which every joint is open and every muscle does only the work of holding the frame, so that weight passes cleanly through the bones into the ground.",
            'Try this test. Stand in wuji and let a partner press gently down on your shoulders. If you are stiff, the pressure stops in your shoulders or lower back and you feel it there. If you have collapsed, your knees buckle or your chest caves. If you are song, the pressure travels through the legs into the feet and you barely notice it. Most beginners discover they are doing one of the first two.',
            "Release works from the top down. On each exhalation let one region go: the scalp and jaw, then the shoulders, the chest, the belly, the hips, the knees. Don't try to do anything to the area; notice where it is holding and allow it to stop. Inhalations keep the frame; exhalations let go inside it.",
            'Expect tension to move rather than disappear. Relax the shoulders and the forearms may tighten; release the lower back and the thighs start to burn. This is normal, and it is the work. The thighs in particular will shake in the first weeks. That is the legs learning to carry the weight the upper body has given up, not a sign that you are doing it wrong.',
          ),
        },
        {
          title: 'Common Mistakes and How to Correct Them',
          type: 'article',
          minutes: 12,
          text: paragraphs(
            'Almost every student makes the same handful of mistakes, and most of them come from trying too hard. Read through this list, then stand for five minutes and check yourself against it one item at a time.',
            'Locking the knees. Locked knees push the weight into the joints instead of the muscles and cut the connection between upper and lower body. Correction: bend until you feel the front of the thighs working, and keep the knee from moving past the toes.',
            'Holding or forcing the breath. Students who have read about dantian breathing often push the belly out on purpose. Correction: let the breath be as long as it wants to be. With the body released it settles lower by itself, over weeks rather than minutes.',
            'Leaning. The most common lean is backwards, into the heels, with the chest lifted; the second is forwards, onto the toes, with the head poking out. Correction: rock gently forward and back and settle in the middle, where the weight falls just in front of the ankle bone.',
            'Raising the shoulders in hun yuan zhuang. As the arms tire, the shoulders creep towards the ears. Correction: lower the elbows a little rather than the hands, and imagine the arms hanging from the upper back rather than held up by the shoulders.',
            'Standing too long too soon. Twenty minutes of stiff standing is worth less than five relaxed ones. Correction: stop while the posture is still good, and add time gradually, as in the plan in the next module.',
          ),
        },
      ],
    },
    {
      title: 'Building a Daily Practice',
      description: 'Holding the ball, a twelve-week plan, and a short check of what you have learned.',
      lessons: [
        {
          title: 'Hun Yuan Zhuang: Holding the Ball',
          type: 'video',
          minutes: 18,
          video: 'zhan-zhuang-hun-yuan',
          text: 'The second standing posture: arms rounded at chest height as if embracing a large ball. Sifu Lin Wei shows how to raise the arms from wuji without lifting the shoulders, where the hands should sit, and how to come out of the posture safely after a long stand.',
        },
        {
          title: 'A Twelve-Week Standing Plan',
          type: 'article',
          minutes: 8,
          text: paragraphs(
            "Consistency beats duration. Standing ten minutes every day will change your body; standing an hour once a week mostly changes your mood about standing. Choose a fixed time (first thing in the morning works for most of our students) and a place where you won't be interrupted.",
            'Weeks 1 to 4: wuji only, five minutes a day rising to ten. Spend the first minute placing the posture from the feet up and the rest standing and releasing on the exhalation. Weeks 5 to 8: five minutes of wuji, then hun yuan zhuang, starting with three minutes and adding one each week. Weeks 9 to 12: ten minutes of wuji and up to fifteen of hun yuan zhuang.',
            'Keep a short log: the date, the minutes, and one sentence about what you noticed. After twelve weeks, read it back. Students are almost always surprised by how much has changed, because the changes are too gradual to see from day to day.',
            'If you join a class at the school, tell your instructor how long you have been standing. In Xingyiquan the next step is san ti shi, in Taijiquan the opening of the form, and in Baguazhang the stationary palm postures before circle walking. Each of them builds directly on what you have trained here.',
          ),
        },
        {
          title: 'Foundations Check',
          type: 'quiz',
          minutes: 10,
          passMark: 70,
          questions: [
            {
              id: 'q1',
              text: 'What does the term zhan zhuang literally describe?',
              options: [
                'Standing like a post',
                'Sitting like a mountain',
                'Walking the circle',
                'Pushing hands',
              ],
              correctAnswer: 0,
              explanation:
                'Zhan means to stand and zhuang is a post or stake: the practitioner stands still and rooted, like a post driven into the ground.',
            },
            {
              id: 'q2',
              text: 'In wuji posture, how far apart are the feet?',
              options: [
                'Together, touching at the heels',
                'Shoulder-width apart and parallel',
                'Twice shoulder-width, toes turned out',
              ],
              correctAnswer: 1,
              explanation:
                'The feet are parallel and shoulder-width apart, measured from their outside edges, so the weight drops straight through the legs.',
            },
            {
              id: 'q3',
              text: 'Your thighs start to shake after a few minutes of standing. What does this usually mean?',
              options: [
                'You should stop practising zhan zhuang',
                'Your stance is far too low and will injure your knees',
                'Your legs are taking over the weight the upper body has released',
                'You are breathing incorrectly',
              ],
              correctAnswer: 2,
              explanation:
                'Shaking in the first weeks is normal: as the shoulders and back release, the legs take the load. Stay within the time you can hold with good posture.',
            },
            {
              id: 'q4',
              text: 'Which description best fits song?',
              options: [
                'Limp and completely soft',
                'Firmly braced so that nothing can move',
                'Released: each muscle does only the work of holding the frame',
              ],
              correctAnswer: 2,
              explanation:
                'Song is not collapse. It is release inside a maintained structure, so that weight passes through the bones into the ground.',
            },
            {
              id: 'q5',
              text: 'What is the best way to build up standing time?',
              options: [
                'Stand as long as possible from the first day',
                'Add a little at a time, stopping while the posture is still good',
                'Only stand when you have a full hour free',
              ],
              correctAnswer: 1,
              explanation:
                'Five relaxed minutes are worth more than twenty stiff ones. Build time gradually and keep the posture honest.',
            },
          ],
        },
      ],
    },
  ],
};

/** In preparation: unpublished, so students see it as Under Construction. */
export const PUSH_HANDS: SeedCourse = {
  title: 'Taijiquan Push Hands Fundamentals',
  description:
    "Push hands (tui shou) is how Taijiquan students test their structure and learn to listen to a partner's force. This course will cover single- and double-hand patterns, the four primary energies and safe free pushing. Filming is under way at the school, and enrolment opens when every module is published.",
  instructor_name: 'Sifu Lin Wei',
  skill_level: 'intermediate',
  category: 'Taijiquan',
  estimated_hours: 8,
  price_cents: 6900,
  is_published: false,
  is_series: false,
  prerequisites: [
    'The first section of a Taijiquan form',
    'Foundations of Zhan Zhuang or equivalent standing practice',
    'A regular training partner',
  ],
  learning_objectives: [
    'Perform single-hand and fixed-step double-hand push hands',
    "Recognise peng, lu, ji and an in a partner's movement",
    'Neutralise a push without resisting or collapsing',
  ],
  features: [1, 3, 4, 5],
  createdDaysAgo: 14,
  updatedDaysAgo: 2,
  modules: [
    {
      title: 'Listening Before Pushing',
      description: "Light contact, following, and feeling a partner's intention before it arrives.",
      lessons: [
        {
          title: 'Single-Hand Push Hands (Dan Tui Shou)',
          type: 'video',
          minutes: 15,
          video: 'tui-shou-single-hand',
          text: 'The horizontal single-hand circle with a partner, in fixed step: contact point, weight shift, and turning the waist instead of pushing with the arm.',
        },
        {
          title: 'Ting Jin: Listening Energy',
          type: 'article',
          minutes: 10,
          text: paragraphs(
            "Ting jin, 'listening energy', is the ability to feel through the point of contact where a partner's force is, where it is going, and where it is weak. It is the first skill push hands develops and the one every later skill depends on; without it, neutralising becomes guessing.",
            'Listening needs a light, constant contact. Too much pressure and you feel only your own arm; too little and the contact breaks. Our teachers use the image of a feather resting on the wrist: enough weight that you would notice it leave, not so much that it pushes anything.',
            "In single-hand push hands, keep the contact and follow your partner's circle with your eyes half closed for a minute at a time. Notice the moment they shift their weight forward: it arrives in your wrist before you see it. That moment, felt early, is ting jin in miniature.",
          ),
        },
      ],
    },
  ],
};
