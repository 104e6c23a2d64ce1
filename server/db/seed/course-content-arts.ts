import { paragraphs, type SeedCourse } from './course-content';

/** The paid demo course: the five element fists of Xingyiquan in their generating order. */
export const FIVE_ELEMENTS: SeedCourse = {
  title: 'Xingyiquan Five Elements: Pi Quan to Heng Quan',
  description:
    "Xingyiquan's five element fists (Pi, Zuan, Beng, Pao and Heng) are the core of the art: each a single movement trained until it carries the whole body's power. This course follows the Hebei lineage practised at our school, beginning with san ti shi and then taking each fist in the generating order with its footwork, body mechanics and partner applications. Expect to train each element for several weeks before moving on.",
  instructor_name: 'Sifu Maria Alvarez',
  skill_level: 'intermediate',
  category: 'Xingyiquan',
  estimated_hours: 12,
  price_cents: 8900,
  is_published: true,
  is_series: false,
  prerequisites: [
    'Foundations of Zhan Zhuang, or three months of regular standing practice',
    'Able to hold a shallow stance for five minutes without knee pain',
    'Room to take five steps forward and turn around',
  ],
  learning_objectives: [
    'Hold san ti shi with the six harmonies for five minutes or more',
    'Perform Pi, Zuan, Beng, Pao and Heng Quan in line practice with correct footwork',
    "Explain each fist's element and its place in the generating and overcoming cycles",
    'Apply each fist in a simple partner drill',
    'Build a solo training routine from the five elements',
  ],
  features: [1, 2, 3, 4, 5, 6, 7, 8],
  createdDaysAgo: 90,
  updatedDaysAgo: 12,
  modules: [
    {
      title: 'San Ti Shi: The Root of Xingyi',
      description: 'The three-body posture that every Xingyi movement begins and ends in.',
      lessons: [
        {
          title: 'San Ti Shi Posture, Step by Step',
          type: 'video',
          minutes: 20,
          video: 'xingyi-san-ti-posture',
          text: 'Sifu Maria Alvarez builds san ti shi from a natural stance: the step out, the weight on the rear leg, the front hand on the centreline and the rear hand guarding the navel. Filmed from the front and the side.',
        },
        {
          title: 'The Six Harmonies in San Ti Shi',
          type: 'article',
          minutes: 12,
          text: paragraphs(
            "Xingyiquan teachers say that san ti shi is the whole art in one posture. Its name means 'three-body posture': heaven, earth and person, or head, hands and feet, which must line up and arrive together. What makes the posture work is the six harmonies (liu he), three external and three internal.",
            "The external harmonies pair the body's joints: shoulders with hips, elbows with knees, hands with feet. In san ti they are visible. The front hand sits above the front foot, the front elbow above the front knee, and the shoulders stay square over the hips rather than twisting ahead of them. When you step, the pairs move as one: if the hand arrives before the foot, the strike has no body behind it.",
            'The internal harmonies join the heart (xin) with intention (yi), intention with qi, and qi with strength (li). In plain terms: what you want to do, where your attention goes, the state of your breath and body, and the force you produce should point the same way at the same moment. A san ti held while thinking about dinner is a shape, not a posture.',
            'Check the harmonies one pair at a time. Stand side-on to a mirror: is the front hand over the front toes? Is the front knee over the ankle, not past it? Are the shoulders dropped and level with the hips? Our lineage puts about seventy percent of the weight on the rear leg; many teachers use sixty-forty. What matters is that the rear leg is loaded and the front foot could lift without the body moving.',
            "Don't chase all six at once. In the first month, work on the external harmonies until they are automatic. The internal ones grow out of standing long enough that the shape stops needing your attention.",
          ),
        },
        {
          title: 'Holding San Ti: Time, Breath and Corrections',
          type: 'video',
          minutes: 15,
          video: 'xingyi-holding-san-ti',
          text: 'A guided five-minute hold on each side with the corrections our instructors give most often in class: the rear knee collapsing inward, the front shoulder rising, and the head drifting forward over the front foot.',
        },
      ],
    },
    {
      title: 'Metal and Water: Pi Quan and Zuan Quan',
      description: 'The splitting and drilling fists, and the four actions inside every Xingyi movement.',
      lessons: [
        {
          title: 'Pi Quan: Splitting Fist',
          type: 'video',
          minutes: 22,
          video: 'xingyi-pi-quan',
          text: 'Pi Quan in line practice: the half step, the following step, the rising fist and the splitting palm, and the turn at the end of the line. Includes a slow-motion side view of the hand and foot landing together.',
        },
        {
          title: 'Zuan Quan: Drilling Fist',
          type: 'video',
          minutes: 20,
          video: 'xingyi-zuan-quan',
          text: 'Zuan Quan, the drilling fist that rises from beneath like water welling up. Sifu Alvarez shows the covering palm, the drilling path along the centreline and a partner drill against a high punch.',
        },
        {
          title: 'Rising, Drilling, Overturning, Falling',
          type: 'article',
          minutes: 10,
          text: paragraphs(
            'Every Xingyi fist is built from four actions: qi (rising), zuan (drilling), fan (overturning) and luo (falling). Pi Quan shows them most clearly, which is why our lineage teaches it first.',
            'In Pi Quan, the rear hand rises along the centreline and drills forward and up, palm turning up, to the height of the nose: this is rising and drilling. As the step comes through, the hand overturns so that the palm faces down and forward, and it falls and splits as the front foot lands: this is overturning and falling. The arm does not chop on its own; the fall of the hand and the landing of the foot are one event.',
            "The same four actions run through Zuan Quan, where the emphasis is on the drilling fist rising beneath the opponent's arm, and through the other elements in less obvious ways. If a movement feels weak, check which of the four you have skipped. Most often it is the drilling, when the hand is thrown straight out instead of travelling up and forward along the centreline.",
            'Train slowly at first, with a full san ti between repetitions, and count the four actions aloud. Once they are clean, let them run together until rising and falling become a single wave through the body.',
          ),
        },
        {
          title: 'Pi Quan and Zuan Quan Check',
          type: 'quiz',
          minutes: 8,
          questions: [
            {
              id: 'q1',
              text: 'Which element is Pi Quan associated with?',
              options: ['Metal', 'Water', 'Wood', 'Fire'],
              correctAnswer: 0,
              explanation: 'Pi Quan, the splitting fist, is metal: like an axe, it rises and falls.',
            },
            {
              id: 'q2',
              text: 'Which element is Zuan Quan associated with?',
              options: ['Earth', 'Water', 'Fire'],
              correctAnswer: 1,
              explanation: 'Zuan Quan, the drilling fist, is water: it flows up and forward through any gap.',
            },
            {
              id: 'q3',
              text: 'What are the four actions inside every Xingyi fist?',
              options: [
                'Rising, drilling, overturning, falling',
                'Ward off, roll back, press, push',
                'Hooking, swinging, walking, turning',
              ],
              correctAnswer: 0,
              explanation:
                "Qi, zuan, fan and luo. The second option lists Taijiquan's first four energies; the third describes Baguazhang stepping.",
            },
            {
              id: 'q4',
              text: 'In san ti shi, where is the front hand?',
              options: ['Above the front foot', 'Beside the rear hip', 'Above the head'],
              correctAnswer: 0,
              explanation:
                'Hands harmonise with feet: the front hand sits above the front foot, at about chest height, on the centreline.',
            },
          ],
        },
      ],
    },
    {
      title: 'Wood, Fire and Earth: Beng, Pao and Heng Quan',
      description: 'The crushing, pounding and crossing fists, and how the five elements fit together.',
      lessons: [
        {
          title: 'Beng Quan: Crushing Fist',
          type: 'video',
          minutes: 18,
          video: 'xingyi-beng-quan',
          text: 'Beng Quan, straight and sudden like an arrow: the vertical fist, the following step that keeps the same foot forward, and the turn known as the swallow taking water.',
        },
        {
          title: 'Pao Quan: Pounding Fist',
          type: 'video',
          minutes: 20,
          video: 'xingyi-pao-quan',
          text: 'Pao Quan, the cannon fist: one arm drills up and overturns to deflect while the other fist strikes, on a zigzag step. Includes the preparatory gathering step and a partner drill.',
        },
        {
          title: 'Heng Quan: Crossing Fist',
          type: 'video',
          minutes: 20,
          video: 'xingyi-heng-quan',
          text: 'Heng Quan, earth, which closes the generating cycle: the rounded crossing fist that turns over underneath an incoming arm. Sifu Alvarez ends with the five fists linked in one line, in generating order.',
        },
        {
          title: 'Five Elements Review',
          type: 'quiz',
          minutes: 10,
          questions: [
            {
              id: 'q1',
              text: 'Beng Quan, the crushing fist, belongs to which element?',
              options: ['Wood', 'Earth', 'Metal'],
              correctAnswer: 0,
              explanation: 'Beng Quan is wood: it shoots straight out like an arrow or a growing branch.',
            },
            {
              id: 'q2',
              text: 'What characterises Pao Quan, the fire fist?',
              options: [
                'A downward split with the palm',
                'One arm rising to deflect while the other fist strikes, on a zigzag step',
                'A rounded crossing movement that turns over beneath the opponent',
              ],
              correctAnswer: 1,
              explanation:
                'Pao Quan explodes like a cannon: the upper arm drills and overturns to deflect while the other fist strikes.',
            },
            {
              id: 'q3',
              text: 'In the generating cycle, which element does metal (Pi Quan) generate?',
              options: ['Water', 'Wood', 'Earth'],
              correctAnswer: 0,
              explanation:
                'Metal generates water: Pi Quan leads into Zuan Quan, which is why line practice follows that order.',
            },
            {
              id: 'q4',
              text: 'In the overcoming cycle, which fist overcomes Beng Quan (wood)?',
              options: ['Pi Quan (metal)', 'Zuan Quan (water)', 'Heng Quan (earth)'],
              correctAnswer: 0,
              explanation: 'Metal cuts wood: the splitting fist answers the crushing fist.',
            },
            {
              id: 'q5',
              text: 'Which fist completes the generating order that begins with Pi Quan?',
              options: ['Heng Quan', 'Zuan Quan', 'Beng Quan'],
              correctAnswer: 0,
              explanation:
                'Pi, Zuan, Beng, Pao, Heng: Heng Quan, earth, closes the cycle, and earth generates metal again.',
            },
          ],
        },
      ],
    },
  ],
};

/** The demo series: three parts that build on each other. */
export const CIRCLE_WALKING: SeedCourse = {
  title: 'Baguazhang Circle Walking Series',
  description:
    'A three-part series on the heart of Baguazhang: walking the circle. Part one builds the mud-wading step and the hooking and swinging steps; part two puts the single and double palm changes on the circle; part three works on changing direction at speed and the first partner applications. Each part builds on the last, and students are encouraged to walk every day between lessons.',
  instructor_name: 'Sifu Zhao Ming',
  skill_level: 'intermediate',
  category: 'Baguazhang',
  estimated_hours: 16,
  price_cents: 14900,
  is_published: true,
  is_series: true,
  prerequisites: [
    'At least six months of regular standing practice (zhan zhuang or san ti shi)',
    'Comfortable holding a low stance for several minutes',
    'A clear space about three metres (ten feet) across',
  ],
  learning_objectives: [
    'Walk the circle with tang ni bu at a steady height',
    'Execute kou bu and bai bu cleanly at any point on the circle',
    'Perform the single and double palm changes in both directions',
    'Change direction smoothly at walking and brisk pace',
    'Apply the single palm change in a cooperative partner drill',
  ],
  features: [1, 2, 3, 4, 5, 6, 8],
  createdDaysAgo: 60,
  updatedDaysAgo: 5,
  modules: [
    {
      title: 'Part One: Stepping',
      description: 'The mud-wading step, circle size and gaze, and the hooking and swinging steps.',
      lessons: [
        {
          title: 'Tang Ni Bu: The Mud-Wading Step',
          type: 'video',
          minutes: 18,
          video: 'bagua-mud-wading-step',
          text: 'Sifu Zhao Ming teaches the mud-wading step on a straight line before taking it onto the circle: the foot skimming the floor, landing flat, and the weight arriving only when the foot is placed.',
        },
        {
          title: 'Walking the Circle: Size, Direction and Gaze',
          type: 'article',
          minutes: 10,
          text: paragraphs(
            'Baguazhang trains by walking a circle, around an imagined post or a real tree, with the upper body held in a fixed posture while the legs walk. For now the circle is a training device: it makes you step, turn and keep your centre all at once.',
            'Size: for most adults a circle of eight steps is right to start with, roughly three metres across. Smaller circles demand more turning at the waist and are harder on the knees; larger ones let you cheat by walking almost straight. Mark the centre with a cup or a stone so that the circle does not drift.',
            'Direction and posture: walk counter-clockwise first, left hand leading towards the centre, then clockwise with the right. The inside foot steps straight along the line of the circle; the outside foot toes in slightly on each step, which is what bends your path into a circle. The waist turns towards the centre, and the leading hand stays pointed at it.',
            "Gaze: look past the leading hand's index finger to the centre of the circle, not down at your feet. Looking down brings the head forward and breaks the alignment you built in standing. If you need to check your footwork, stop, look, then walk again.",
            'Height: choose a height you can keep for the whole session, and keep it. The head should travel level, without bobbing. A modest height held evenly serves a beginner better than a deep stance that rises and falls with every step.',
          ),
        },
        {
          title: 'Kou Bu and Bai Bu: Hooking and Swinging Steps',
          type: 'video',
          minutes: 16,
          video: 'bagua-kou-bu-bai-bu',
          text: 'The two steps that let you turn on the circle. Kou bu toes in across the line of travel; bai bu toes out to open the body. Drilled first on a line, then at the points of the circle where the palm changes will happen.',
        },
      ],
    },
    {
      title: 'Part Two: The Palm Changes',
      description: 'The single and double palm changes on the circle, and the body methods that drive them.',
      lessons: [
        {
          title: 'Single Palm Change (Dan Huan Zhang)',
          type: 'video',
          minutes: 24,
          video: 'bagua-single-palm-change',
          text: 'The single palm change in both directions, at walking pace and then in slow motion from above, so that you can see the feet and the waist at the same time.',
        },
        {
          title: 'Double Palm Change (Shuang Huan Zhang)',
          type: 'video',
          minutes: 24,
          video: 'bagua-double-palm-change',
          text: 'The double palm change adds a second turn and a cutting palm. Sifu Zhao breaks it into four stages and shows the most common error: hurrying the second kou bu.',
        },
        {
          title: 'Twisting, Drilling, Overturning: Body Methods of the Changes',
          type: 'article',
          minutes: 12,
          text: paragraphs(
            'The palm changes look like arm movements, but they are done by the body. Three methods drive them: twisting (ning), drilling (zuan) and overturning (fan). Students who also train Xingyiquan will recognise the last two.',
            'Twisting is the coil of the waist and spine towards the centre of the circle while the feet continue around it. In the single palm change it builds during kou bu, as the body turns in behind the leading arm, and releases during bai bu as the body turns out again. Without the twist, the change is only a wave of the hand.',
            'Drilling is the spiral of the rear hand as it threads forward under the leading elbow, palm up, to become the new leading hand. Overturning is the rotation of the old leading hand as it withdraws, palm turning down, to cover the centreline. They happen together: one hand drills out as the other turns over and comes back.',
            'Walk slowly through the change until you feel the waist lead and the hands follow. A useful check is to stop halfway through kou bu: if your arms are already in their final position, they have moved ahead of the body.',
          ),
        },
        {
          title: 'Palm Change Check',
          type: 'quiz',
          minutes: 8,
          questions: [
            {
              id: 'q1',
              text: 'Which step turns the toes inward, hooking across the line of travel?',
              options: ['Kou bu', 'Bai bu', 'Tang ni bu'],
              correctAnswer: 0,
              explanation:
                'Kou bu is the hooking step and toes in; bai bu is the swinging step and toes out.',
            },
            {
              id: 'q2',
              text: 'In the single palm change, what does the rear hand do?',
              options: [
                'It drills forward under the leading elbow, palm up',
                'It stays at the hip throughout',
                'It splits downward like Pi Quan',
              ],
              correctAnswer: 0,
              explanation: 'The rear hand drills out under the leading elbow to become the new leading hand.',
            },
            {
              id: 'q3',
              text: 'Which body method is the coil of the waist towards the centre of the circle?',
              options: ['Twisting (ning)', 'Falling (luo)', 'Overturning (fan)'],
              correctAnswer: 0,
              explanation: 'Twisting builds during kou bu and releases during bai bu.',
            },
            {
              id: 'q4',
              text: 'Where does the gaze rest while walking the circle?',
              options: [
                'On your own feet',
                'Past the leading hand, towards the centre',
                'Straight ahead along the tangent',
              ],
              correctAnswer: 1,
              explanation:
                'Looking down breaks the alignment of the head and neck; the eyes follow the leading hand.',
            },
          ],
        },
      ],
    },
    {
      title: 'Part Three: Changing and Applying',
      description: 'Changing direction at speed, and taking the single palm change to a partner.',
      lessons: [
        {
          title: 'Changing Direction at Speed',
          type: 'video',
          minutes: 20,
          video: 'bagua-changing-direction',
          text: "Walking briskly and changing direction on a count, then on a partner's clap. Keeping the height level and the gaze on the centre while the feet work fast.",
        },
        {
          title: 'From the Circle to a Partner',
          type: 'article',
          minutes: 12,
          text: paragraphs(
            "Applications are taught at our school only once the palm changes are smooth on the circle, because the partner drills are the same movements at shorter range. The circle teaches you to keep moving around a fixed centre; with a partner, the partner's centre becomes the post.",
            'The first drill: your partner steps in with a straight right punch. You meet the forearm with your leading left palm and step with bai bu to the outside of the punching arm, so that you end up beside your partner rather than in front. This is the opening of the single palm change: the same turn, the same step, the same hand.',
            "Continue with kou bu behind your partner's front foot while your rear hand drills under your leading arm, along their arm towards the shoulder. As the body turns, the drilling hand becomes a push or a palm strike to the side of the torso. Practise at walking pace, both sides, ten repetitions each, with the partner giving a consistent, honest punch.",
            'Keep the intensity cooperative. The aim at this stage is timing and angle, not force: a partner who resists hard before you know the movement teaches you only to muscle through it.',
          ),
        },
        {
          title: 'Series Review',
          type: 'quiz',
          minutes: 8,
          questions: [
            {
              id: 'q1',
              text: "How large should a beginner's circle be?",
              options: [
                'About eight steps, roughly three metres across',
                'Two steps, turning almost on the spot',
                'As large as the room allows',
              ],
              correctAnswer: 0,
              explanation:
                'Eight steps is small enough to require turning at the waist and large enough to be kind to the knees.',
            },
            {
              id: 'q2',
              text: 'In the first partner drill, where do you end up relative to the punching arm?',
              options: [
                'Directly in front of your partner',
                'To the outside of the punching arm, beside your partner',
                'Behind your own starting position',
              ],
              correctAnswer: 1,
              explanation:
                'Bai bu takes you to the outside of the arm, beside your partner rather than facing them.',
            },
            {
              id: 'q3',
              text: 'Why do partner drills stay cooperative at first?',
              options: [
                'Resistance is never useful in Baguazhang',
                'Timing and angle come first; hard resistance too early teaches muscling through',
                'Cooperative drills are quicker to film',
              ],
              correctAnswer: 1,
              explanation:
                'Resistance has its place later; first the movement has to be right at walking pace.',
            },
          ],
        },
      ],
    },
  ],
};
