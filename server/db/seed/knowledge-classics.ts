import { paragraphs, type KnowledgeSeedEntry } from './knowledge-entry';

const TAIJIQUAN_CLASSIC = 'Taijiquan Classic (太极拳经), attributed to Zhang Sanfeng';
const WANG_ZONGYUE = 'Taijiquan Treatise (太极拳论), Wang Zongyue';
const THIRTEEN_POSTURES_SONG = 'Song of the Thirteen Postures (十三势歌), author unknown';
const MENTAL_ELUCIDATION =
  'Mental Elucidation of the Thirteen Postures (十三势行功心解), attributed to Wu Yuxiang';
const NINE_ESSENTIALS =
  "Yue Wumu's Nine Essentials (岳武穆九要论), first essay; attributed to Yue Fei and handed down in Qing-dynasty Xingyi manuscripts (a near-identical text circulates in Chen Taijiquan as Chen Changxing's Ten Essays)";
const BAGUA_SAYING = 'Baguazhang teaching saying, widely quoted; no attested author';

/**
 * Passages the school's teachers quote: the translation (the school's own), then how the school
 * reads it in practice. `hanzi` is left out where the manuscripts disagree on the wording.
 */
export const KNOWLEDGE_CLASSICS: readonly KnowledgeSeedEntry[] = [
  // The Taijiquan classics
  {
    key: 'classic-taijiquan-jing-1',
    kind: 'classic',
    title: 'Light, nimble and threaded together',
    hanzi: '一举动，周身俱要轻灵，尤须贯串。气宜鼓荡，神宜内敛。',
    source: TAIJIQUAN_CLASSIC,
    body: paragraphs(
      'As soon as there is any movement, the whole body must be light and nimble, and above all every part must be threaded together. The qi should be stirred like the beat of a drum; the spirit should be gathered within.',
      'No part of the body moves on its own. In the form, check that a movement of the hand is felt through the back down to the feet, and that the mind stays collected instead of following the eyes around the room.',
    ),
  },
  {
    key: 'classic-taijiquan-jing-2',
    kind: 'classic',
    title: 'Rooted in the feet, governed by the waist',
    hanzi: '其根在脚，发于腿，主宰于腰，形于手指。由脚而腿而腰，总须完整一气。',
    source: TAIJIQUAN_CLASSIC,
    body: paragraphs(
      'The root is in the feet; power is issued through the legs, governed by the waist and expressed in the fingers. From the feet to the legs to the waist, all must be one complete, unbroken whole.',
      'This is the route of every push and strike the school teaches. When a movement feels weak, trace it back along this path: usually the waist has moved on its own, or the feet have been forgotten.',
    ),
  },
  {
    key: 'classic-taijiquan-jing-3',
    kind: 'classic',
    title: 'Empty and full in every place',
    hanzi: '虚实宜分清楚，一处自有一处虚实，处处总此一虚实。周身节节贯串，无令丝毫间断耳。',
    source: TAIJIQUAN_CLASSIC,
    body: paragraphs(
      'Empty and full must be clearly distinguished. Each place has its own empty and full, and everywhere there is this one empty and full. Every joint of the body is threaded to the next; let there be not the slightest break.',
      'Students first learn empty and full as the weight between the legs, and later find it in the hands, the two sides of the back and in intent. The last line is the check: a distinction made in one place must never break the connection of the whole.',
    ),
  },
  {
    key: 'classic-taijiquan-jing-4',
    kind: 'classic',
    title: 'Like a great river, rolling on without end',
    hanzi: '长拳者，如长江大海，滔滔不绝也。',
    source: `${TAIJIQUAN_CLASSIC}; closing lines`,
    body: paragraphs(
      'Long boxing is like a great river or the open sea, rolling on without end.',
      "'Long boxing' was an early name for Taijiquan, and the lines that follow list the thirteen postures: eight methods and five steps. The school reads this line as the standard for the form as a whole: no dead stops between postures, the end of one movement already the beginning of the next.",
    ),
  },
  {
    key: 'classic-taijiquan-lun-1',
    kind: 'classic',
    title: 'Taiji is born of wuji',
    hanzi: '太极者，无极而生，动静之机，阴阳之母也。动之则分，静之则合。',
    source: WANG_ZONGYUE,
    body: paragraphs(
      'Taiji is born of wuji. It is the hinge of movement and stillness, the mother of yin and yang. In movement they divide; in stillness they unite.',
      'This is why the forms begin and end in wuji standing. In practice the first movement should grow out of stillness and the last return to it, rather than starting with a jolt and stopping abruptly.',
    ),
  },
  {
    key: 'classic-taijiquan-lun-2',
    kind: 'classic',
    title: 'Yielding and sticking',
    hanzi:
      '无过不及，随曲就伸。人刚我柔谓之走，我顺人背谓之粘。动急则急应，动缓则缓随。虽变化万端，而理为一贯。',
    source: WANG_ZONGYUE,
    body: paragraphs(
      'Neither overdo nor fall short; follow the other as they bend and go with them as they extend. When they are hard and I am soft, that is called yielding. When my position is smooth and theirs awkward, that is called sticking. If they move fast, I respond fast; if they move slowly, I follow slowly. The changes are endless, but one principle runs through them all.',
      "This is the heart of push hands. The first partner drills at the school train exactly this: matching a partner's speed and distance without adding anything or taking anything away.",
    ),
  },
  {
    key: 'classic-taijiquan-lun-3',
    kind: 'classic',
    title: 'From familiarity to understanding power',
    hanzi: '由着熟而渐悟懂劲，由懂劲而阶及神明。然非用力之久，不能豁然贯通焉。',
    source: WANG_ZONGYUE,
    body: paragraphs(
      'From mastering the techniques one gradually comes to understand power; from understanding power one climbs step by step to spiritual clarity. Yet without long and diligent effort one cannot suddenly see through it all.',
      "The treatise's own training plan: first learn the movements thoroughly, then the feel of force, and only then the subtler levels. 'Long effort' is the point; there is no way round the first stage.",
    ),
  },
  {
    key: 'classic-taijiquan-lun-4',
    kind: 'classic',
    title: 'Crown led upward, qi sunk to the dantian',
    hanzi: '虚领顶劲，气沉丹田，不偏不倚，忽隐忽现。',
    source: WANG_ZONGYUE,
    body: paragraphs(
      'Let the crown be lightly led upward and the qi sink to the dantian. Lean neither one way nor the other; now hidden, now suddenly appearing.',
      'The first two phrases are the standing posture in brief: light above, settled below. The last two describe how this feels to a partner in push hands: upright and centred, so that your intention cannot be read until it arrives.',
    ),
  },
  {
    key: 'classic-taijiquan-lun-5',
    kind: 'classic',
    title: 'Like a balance, like a wheel',
    hanzi: '立如平准，活似车轮。偏沉则随，双重则滞。',
    source: WANG_ZONGYUE,
    body: paragraphs(
      'Stand like a balance scale; move like a turning wheel. Sink to one side and you can follow; be double-weighted and you are stuck.',
      "A scale answers the lightest weight because its centre is upright and free; a wheel turns because its axle stays put. The school reads double weighting as meeting force with force, or having no clear empty and full, and 'sinking to one side' as letting one side give way so that the body can turn.",
    ),
  },
  {
    key: 'classic-taijiquan-lun-6',
    kind: 'classic',
    title: 'Not strength, not speed',
    hanzi: '察四两拨千斤之句，显非力胜；观耄耋能御众之形，快何能为？',
    source: WANG_ZONGYUE,
    body: paragraphs(
      "Consider the saying 'four ounces deflect a thousand pounds': plainly, it is not strength that wins. See an old man of eighty or ninety hold off a crowd: what part could speed play in that?",
      'The skill of Taijiquan lies in timing, sensitivity and structure rather than in strength or speed. If a drill only works when you push harder or move faster than your partner, you have not yet found its principle.',
    ),
  },
  {
    key: 'classic-taijiquan-lun-7',
    kind: 'classic',
    title: 'Give up yourself and follow the other',
    hanzi: '本是舍己从人，多误舍近求远。所谓差之毫厘，谬之千里。',
    source: WANG_ZONGYUE,
    body: paragraphs(
      'The root of it is to give up oneself and follow the other; many get this wrong and give up what is near to seek what is far. As the saying goes, miss by a hair and you end up a thousand li away.',
      'Students look for advanced techniques when the answer is in the basics: staying in contact, following, not anticipating. The last line asks for precision in small things, such as the angle of a foot or the height of an elbow, because small errors grow.',
    ),
  },
  {
    key: 'classic-shisan-shi-ge-1',
    kind: 'classic',
    title: 'The source of intent is at the waist',
    hanzi: '十三总势莫轻视，命意源头在腰隙。变转虚实须留意，气遍身躯不少滞。',
    source: THIRTEEN_POSTURES_SONG,
    body: paragraphs(
      'Do not take the thirteen postures lightly: the source of intent lies at the waist. Pay close attention as empty and full change and turn, and let the qi fill the whole body without the slightest obstruction.',
      'The waist here is the whole region between ribs and hips, including the kua. In the form, start each turn there and let the arms be carried; if a change of posture starts in the hands, go back and repeat it.',
    ),
  },
  {
    key: 'classic-shisan-shi-ge-2',
    kind: 'classic',
    title: 'Tailbone centred, head suspended',
    hanzi: '刻刻留心在腰间，腹内松净气腾然。尾闾中正神贯顶，满身轻利顶头悬。',
    source: THIRTEEN_POSTURES_SONG,
    body: paragraphs(
      'At every moment keep your mind on the waist. When the abdomen is completely relaxed, the qi rises freely. With the tailbone centred and upright, the spirit reaches the crown; the whole body is light and nimble, the head as if suspended from above.',
      "A posture check from the bottom up: a relaxed belly, a tailbone that hangs straight down rather than tucked under or sticking out, and a crown that floats. The song asks for this 'at every moment', in movement as much as in standing.",
    ),
  },
  {
    key: 'classic-shisan-shi-ge-3',
    kind: 'classic',
    title: 'The way in is taught by mouth',
    hanzi: '入门引路须口授，功夫无息法自修。',
    source: THIRTEEN_POSTURES_SONG,
    body: paragraphs(
      'To enter the gate and be shown the road, you need oral teaching; the skill comes from unceasing effort, and the method is cultivated by yourself.',
      'Books, videos and this knowledge base cannot replace a teacher who can see and touch your posture, and no teacher can replace your own practice. The line needs both halves.',
    ),
  },
  {
    key: 'classic-shisan-shi-ge-4',
    kind: 'classic',
    title: 'Intent and qi are the ruler',
    hanzi: '若言体用何为准，意气君来骨肉臣。',
    source: THIRTEEN_POSTURES_SONG,
    body: paragraphs(
      'If you ask what is the standard for substance and function: intent and qi are the ruler, bones and flesh the ministers.',
      'The body serves the mind. Every movement begins with a clear intention and the muscles only carry it out; when the arms decide on their own, the movement loses its root.',
    ),
  },
  {
    key: 'classic-xingong-xinjie-1',
    kind: 'classic',
    title: 'The mind moves the qi, the qi moves the body',
    hanzi: '以心行气，务令沉着，乃能收敛入骨。以气运身，务令顺遂，乃能便利从心。',
    source: MENTAL_ELUCIDATION,
    body: paragraphs(
      'Use the mind to move the qi, and make it sink and settle; then it can be gathered into the bones. Use the qi to move the body, and make it flow smoothly; then the body will readily follow the mind.',
      'Read as practical instructions: attention leads, the breath settles low, and the body moves without resistance. Stiffness anywhere is the obstruction that stops the body following.',
    ),
  },
  {
    key: 'classic-xingong-xinjie-2',
    kind: 'classic',
    title: 'Spirit raised, head suspended',
    hanzi: '精神能提得起，则无迟重之虞，所谓顶头悬也。',
    source: MENTAL_ELUCIDATION,
    body: paragraphs(
      "If the spirit can be raised, there is no fear of being slow or heavy. This is what is meant by 'the head suspended from above'.",
      'Alertness and posture go together: a lifted crown keeps the mind awake and the body light. When a form feels sluggish, check the head first.',
    ),
  },
  {
    key: 'classic-xingong-xinjie-3',
    kind: 'classic',
    title: 'Upright and at ease, supported on eight sides',
    hanzi: '发劲须沉着松净，专主一方。立身须中正安舒，支撑八面。',
    source: MENTAL_ELUCIDATION,
    body: paragraphs(
      'In issuing power, be sunk, settled, relaxed and clean, and aim in one direction only. In standing, be centred, upright, calm and at ease, so as to be supported on all eight sides.',
      'Two rules the school applies everywhere. Issued power has one direction, with nothing held back in any other; and the posture you stand in should be stable against a push from any side without stiffening.',
    ),
  },
  {
    key: 'classic-xingong-xinjie-4',
    kind: 'classic',
    title: 'Store power like drawing a bow',
    hanzi: '蓄劲如开弓，发劲如放箭。曲中求直，蓄而后发。',
    source: MENTAL_ELUCIDATION,
    body: paragraphs(
      'Store power like drawing a bow; issue it like loosing an arrow. Seek the straight within the curved; store first, then issue.',
      'A bow stores power in its curve; a locked, straight arm has nothing left to give. So the joints stay slightly bent, and the body gathers before it releases, as in the loaded rear leg of santi shi or the sinking before a push.',
    ),
  },
  {
    key: 'classic-xingong-xinjie-5',
    kind: 'classic',
    title: 'Step like a cat, move power like reeling silk',
    hanzi: '迈步如猫行，运劲如抽丝。',
    source: MENTAL_ELUCIDATION,
    body: paragraphs(
      'Step as a cat walks; move power as if reeling silk.',
      'A cat places each paw silently and only then trusts its weight to it: the empty step of Taijiquan and the mud-wading step of Baguazhang. Reeling silk asks for movement that is even and continuous, because a jerk breaks the thread.',
    ),
  },
  {
    key: 'classic-xingong-xinjie-6',
    kind: 'classic',
    title: 'If the other does not move',
    hanzi: '彼不动，己不动；彼微动，己先动。',
    source: MENTAL_ELUCIDATION,
    body: paragraphs(
      'If the other does not move, I do not move. If the other moves slightly, I have already moved first.',
      'This is about listening rather than speed: being sensitive enough to feel an intention as it forms. In push hands, practise doing nothing until you feel your partner begin, then arrive before their movement is complete.',
    ),
  },
  {
    key: 'classic-xingong-xinjie-7',
    kind: 'classic',
    title: 'When one part moves, every part moves',
    hanzi: '切记一动无有不动，一静无有不静。',
    source: MENTAL_ELUCIDATION,
    body: paragraphs(
      'Remember always: in movement, there is no part that does not move; in stillness, no part that is not still.',
      'Whole-body movement and whole-body stillness. A simple test in the form: stop suddenly, and see whether everything stops together or some part is still drifting on.',
    ),
  },
  {
    key: 'classic-dashou-ge-1',
    kind: 'classic',
    title: 'Four ounces deflect a thousand pounds',
    hanzi: '掤捋挤按须认真，上下相随人难进。任他巨力来打我，牵动四两拨千斤。',
    source: 'Song of Push Hands (打手歌), author unknown',
    body: paragraphs(
      'Ward off, roll back, press and push must be practised in earnest; when upper and lower follow each other, it is hard for anyone to get in. Let the other strike at me with enormous force: I lead it on, and four ounces deflect a thousand pounds.',
      "The song gives the order of training: the four methods first, whole-body coordination second, and only then the famous deflection, which rests on both. The school's push hands teaching follows the same order.",
    ),
  },
  {
    key: 'classic-shi-yao-1',
    kind: 'classic',
    title: 'The Ten Essentials of Taijiquan',
    hanzi: '虚灵顶劲，含胸拔背，松腰，分虚实，沉肩坠肘，用意不用力，上下相随，内外相合，相连不断，动中求静。',
    source: 'Ten Essentials of Taijiquan (太极拳说十要), Yang Chengfu, recorded by Chen Weiming',
    body: paragraphs(
      'Keep the crown light and lifted. Contain the chest and raise the back. Relax the waist. Distinguish empty and full. Sink the shoulders and drop the elbows. Use intent, not force. Let upper and lower follow each other. Unite inner and outer. Move continuously, without breaks. Seek stillness in movement.',
      "In the original each heading is followed by Yang Chengfu's explanation; the headings are what students memorise. The school uses them as a posture check, one essential at a time (manual section 6.1).",
    ),
  },

  // Xingyiquan
  {
    key: 'classic-liu-he-1',
    kind: 'classic',
    title: 'The six harmonies',
    hanzi: '心与意合，意与气合，气与力合；手与足合，肘与膝合，肩与胯合。',
    source:
      'The Six Harmonies (六合), traditional teaching of Xingyiquan and Xinyi Liuhe Quan; author unknown',
    body: paragraphs(
      'The heart joins with intent, intent with qi, qi with strength. The hand joins with the foot, the elbow with the knee, the shoulder with the hip.',
      'The first three are the inner harmonies and the last three the outer. Beginners work on the outer ones, which a mirror can check; the inner ones grow out of long standing in santi shi.',
    ),
  },
  {
    key: 'classic-jiu-yao-lun-1',
    kind: 'classic',
    title: 'The upper moves and the lower follows',
    hanzi: '上欲动而下自随之，下欲动而上自领之，上下动而中节攻之，中节动而上下和之。',
    source: NINE_ESSENTIALS,
    body: paragraphs(
      'When the upper body wants to move, the lower follows of itself; when the lower wants to move, the upper leads of itself. When upper and lower move, the middle drives them; when the middle moves, upper and lower join with it.',
      'The middle section is the waist and trunk. In all three arts a movement that lives only in the arms or only in the legs is incomplete; the trunk is what joins them.',
    ),
  },
  {
    key: 'classic-jiu-yao-lun-2',
    kind: 'classic',
    title: 'No skipping steps, no hurrying',
    source: NINE_ESSENTIALS,
    body: paragraphs(
      'Whether a thing is hard or easy, the work is yours alone to do. Do not skip steps and do not hurry; advance in order, stage by stage, and then the limbs and joints will connect of themselves, and upper and lower, inside and outside, will join without difficulty.',
      'The manuscripts word this passage differently, but the sense is the same in all of them. Every training plan at the school follows it: standing before moving, single fists before forms, solo work before partner work.',
    ),
  },
  {
    key: 'classic-guo-yunshen-1',
    kind: 'classic',
    title: 'Obvious, hidden and transforming power',
    hanzi: '明劲、暗劲、化劲',
    source:
      "Guo Yunshen's three stages of Xingyiquan training, as recorded by Sun Lutang (Xingyiquan Xue 形意拳学, 1915; Quanyi Shuzhen 拳意述真, 1923)",
    body: paragraphs(
      'Obvious power, hidden power, transforming power. Guo Yunshen taught that Xingyiquan is trained in these three ways in turn. In obvious power the movements are firm, exact and plainly strong. In hidden power the force is contained and the movements become soft and round, yet stronger. In transforming power the movements are light and natural, and power appears without visible effort.',
      'The stages cannot be skipped. Hidden power grows out of years of correct obvious power, and a beginner who tries to move softly before the structure is sound is only moving weakly.',
    ),
  },

  // Baguazhang
  {
    key: 'classic-bagua-ge-1',
    kind: 'classic',
    title: 'The first of the thirty-six songs',
    source:
      "Baguazhang Thirty-Six Songs (三十六歌), song 1; handed down in the lineages of Dong Haichuan's students and traditionally credited to him; the wording differs between lineages",
    body: paragraphs(
      "Hollow the chest, lift the crown and let the waist settle; twist the step, close the knees and grip the ground firmly. Sink the shoulders, drop the elbows and extend the leading palm; the two eyes must look out through the tiger's mouth.",
      "A complete posture check for circle walking in four lines. The tiger's mouth is the space between thumb and index finger: the eyes look through it to the centre of the circle. The legs stay close and rooted while the upper body stays open and light. Some versions twist the hips rather than the step.",
    ),
  },
  {
    key: 'classic-bagua-saying-1',
    kind: 'classic',
    title: 'Mud-wading step, scissor legs, steady as a sedan chair',
    hanzi: '趟泥步，剪子腿，稳如坐轿。',
    source: BAGUA_SAYING,
    body: paragraphs(
      'Step as if wading through mud; keep the legs like scissors; be as steady as someone riding in a sedan chair.',
      'Three images for circle walking: the low, level step; the inner thighs passing close to each other like the blades of scissors, so that the knees stay near together; and an upper body that rides level and calm on the working legs, without bobbing or swaying.',
    ),
  },
  {
    key: 'classic-bagua-saying-2',
    kind: 'classic',
    title: 'Walk like a swimming dragon, turn like a hawk',
    hanzi: '走如游龙，翻转似鹰。',
    source: BAGUA_SAYING,
    body: paragraphs(
      'Walk like a swimming dragon; turn over like a hawk.',
      'The walking is continuous and supple, the body coiling around the centre; the changes are sudden and decisive, like a hawk wheeling in the air. Both are needed: smooth walking without decisive changes is only exercise, and sharp changes without smooth walking lose their balance.',
    ),
  },

  // Daodejing
  {
    key: 'classic-daodejing-8',
    kind: 'classic',
    title: 'The highest good is like water',
    hanzi: '上善若水。水善利万物而不争，处众人之所恶，故几于道。',
    source: 'Daodejing, chapter 8',
    body: paragraphs(
      'The highest good is like water. Water is good at benefiting all things and does not contend; it settles in the places everyone else disdains, and so it is close to the Way.',
      'Water takes the low place, and so do the internal arts: sink the weight, soften the shoulders, and do not compete for force in push hands. A training partner is better served by a student who helps than by one who must win.',
    ),
  },
  {
    key: 'classic-daodejing-16',
    kind: 'classic',
    title: 'Reach emptiness, hold stillness',
    hanzi: '致虚极，守静笃。万物并作，吾以观复。',
    source: 'Daodejing, chapter 16',
    body: paragraphs(
      'Reach the utmost emptiness; hold to stillness steadfastly. The ten thousand things arise together, and I watch them return.',
      'The school reads this as guidance for standing: empty the mind of effort, keep still, and watch thoughts and sensations rise and settle without chasing them.',
    ),
  },
  {
    key: 'classic-daodejing-22',
    kind: 'classic',
    title: 'Bend and stay whole',
    hanzi: '曲则全，枉则直，洼则盈，敝则新，少则得，多则惑。',
    source: 'Daodejing, chapter 22',
    body: paragraphs(
      'Bend and you stay whole; be crooked and you become straight; be hollow and you are filled; be worn out and you are renewed; have little and you gain; have much and you are confused.',
      'Joints kept slightly bent survive where locked ones break, and a posture with some curve keeps power in reserve. The last pair is a training note too: a few things practised well achieve more than many learned at once.',
    ),
  },
  {
    key: 'classic-daodejing-33',
    kind: 'classic',
    title: 'Mastering oneself is strength',
    hanzi: '知人者智，自知者明。胜人者有力，自胜者强。',
    source: 'Daodejing, chapter 33',
    body: paragraphs(
      'Knowing others is wisdom; knowing yourself is clarity. Overcoming others takes force; overcoming yourself is strength.',
      'The real contest in training is with your own impatience, tension and pride. Martial virtue begins here, long before any partner is involved.',
    ),
  },
  {
    key: 'classic-daodejing-36',
    kind: 'classic',
    title: 'The soft and weak overcome the hard and strong',
    hanzi: '将欲歙之，必固张之；将欲弱之，必固强之。……柔弱胜刚强。',
    source: 'Daodejing, chapter 36',
    body: paragraphs(
      'What is to be drawn in must first be stretched out; what is to be weakened must first be made strong. … The soft and weak overcome the hard and strong.',
      "In push hands, a push that is allowed to extend fully becomes easy to lead. Yielding is not passivity: it lets the other's force reach its end before you act.",
    ),
  },
  {
    key: 'classic-daodejing-43',
    kind: 'classic',
    title: 'The softest rides through the hardest',
    hanzi: '天下之至柔，驰骋天下之至坚。无有入无间。',
    source: 'Daodejing, chapter 43',
    body: paragraphs(
      'The softest thing in the world gallops through the hardest. What has no substance enters where there is no gap.',
      'Softness in the internal arts is not weakness but the ability to find the way in. A relaxed arm can follow a partner into a gap that a tense one will never feel.',
    ),
  },
  {
    key: 'classic-daodejing-64',
    kind: 'classic',
    title: 'A journey of a thousand li',
    hanzi: '合抱之木，生于毫末；九层之台，起于累土；千里之行，始于足下。',
    source: 'Daodejing, chapter 64',
    body: paragraphs(
      "A tree too thick for two arms to circle grows from a tiny shoot; a terrace nine storeys high rises from heaped-up earth; a journey of a thousand li begins beneath one's feet.",
      "The school's whole approach to progress: five minutes of standing today, a single fist practised well, a line in the journal. Nothing large is built except from small things done daily.",
    ),
  },
  {
    key: 'classic-daodejing-76',
    kind: 'classic',
    title: 'The living are soft, the dead are stiff',
    hanzi: '人之生也柔弱，其死也坚强。草木之生也柔脆，其死也枯槁。故坚强者死之徒，柔弱者生之徒。',
    source: 'Daodejing, chapter 76',
    body: paragraphs(
      'When people are alive they are soft and supple; when dead they are hard and stiff. Grass and trees are tender and pliant while they live, withered and dry when they die. So the hard and stiff are companions of death, the soft and supple companions of life.',
      'Stiffness is not strength. Keep the joints supple and the body released, and prefer the kind of practice that keeps the body pliant into old age.',
    ),
  },
  {
    key: 'classic-daodejing-78',
    kind: 'classic',
    title: 'Nothing is softer than water',
    hanzi: '天下莫柔弱于水，而攻坚强者莫之能胜，以其无以易之。',
    source: 'Daodejing, chapter 78',
    body: paragraphs(
      'Nothing in the world is softer or weaker than water, yet for wearing down the hard and strong nothing surpasses it, for nothing can take its place.',
      'Water wins by persistence and by fitting any shape. Training works the same way: steady daily practice wears through stiffness that force alone would never shift.',
    ),
  },

  // Sunzi, Zhuangzi, Mengzi, Lunyu
  {
    key: 'classic-sunzi-3-1',
    kind: 'classic',
    title: 'Know the other and know yourself',
    hanzi: '知彼知己，百战不殆；不知彼而知己，一胜一负；不知彼，不知己，每战必殆。',
    source: 'Sunzi, The Art of War, chapter 3 (谋攻, Planning the Attack)',
    body: paragraphs(
      'Know the other and know yourself, and in a hundred battles you will not be in danger. Know yourself but not the other, and you will win one and lose one. Know neither the other nor yourself, and every battle will put you in danger.',
      'In push hands, knowing the other is listening power; knowing yourself is honest awareness of your own tension, balance and habits. The school trains the second first, in standing.',
    ),
  },
  {
    key: 'classic-sunzi-3-2',
    kind: 'classic',
    title: 'Winning without fighting',
    hanzi: '是故百战百胜，非善之善者也；不战而屈人之兵，善之善者也。',
    source: 'Sunzi, The Art of War, chapter 3 (谋攻, Planning the Attack)',
    body: paragraphs(
      "Therefore to win a hundred victories in a hundred battles is not the height of excellence; to subdue the other side's forces without fighting is the height of excellence.",
      'For a civilian martial artist this is the first rule of self-defence: avoid, calm the situation, and leave. Skill is trained so that it need not be used.',
    ),
  },
  {
    key: 'classic-sunzi-6-1',
    kind: 'classic',
    title: 'The form of an army is like water',
    hanzi: '夫兵形象水，水之形，避高而趋下；兵之形，避实而击虚。水因地而制流，兵因敌而制胜。',
    source: 'Sunzi, The Art of War, chapter 6 (虚实, Empty and Full)',
    body: paragraphs(
      'The form of an army is like water. Water, in its course, avoids the heights and runs to the low ground; an army, in its course, avoids the full and strikes the empty. Water shapes its flow to the ground; an army shapes its victory to the enemy.',
      "These are the same empty and full as in the Taijiquan classics. Baguazhang's stepping around an attack and Taijiquan's yielding both avoid meeting force where it is strongest and move to where it is absent.",
    ),
  },
  {
    key: 'classic-zhuangzi-cook-ding-1',
    kind: 'classic',
    title: 'Cook Ding: beyond technique',
    hanzi:
      '臣之所好者道也，进乎技矣。始臣之解牛之时，所见无非牛者。三年之后，未尝见全牛也。方今之时，臣以神遇而不以目视，官知止而神欲行。',
    source: 'Zhuangzi, chapter 3, Nourishing the Lord of Life (养生主): the story of Cook Ding',
    body: paragraphs(
      'What I care about is the Way, which goes beyond technique. When I first began cutting up oxen, all I could see was the ox. After three years I no longer saw the whole ox. Now I meet it with my spirit and do not look with my eyes; the senses know where to stop, and the spirit goes where it will.',
      'The stages of learning any form: at first you see only the whole, bewildering shape, then its parts, and at last you move without needing to look. The third stage cannot be reached by skipping the first two.',
    ),
  },
  {
    key: 'classic-zhuangzi-cook-ding-2',
    kind: 'classic',
    title: 'Cook Ding: the blade that stays sharp',
    hanzi:
      '良庖岁更刀，割也；族庖月更刀，折也。今臣之刀十九年矣，所解数千牛矣，而刀刃若新发于硎。彼节者有间，而刀刃者无厚；以无厚入有间，恢恢乎其于游刃必有余地矣。',
    source: 'Zhuangzi, chapter 3, Nourishing the Lord of Life (养生主): the story of Cook Ding',
    body: paragraphs(
      'A good cook changes his knife once a year, because he cuts. An ordinary cook changes his knife once a month, because he hacks. My knife has been in use for nineteen years and has taken apart thousands of oxen, yet its edge is as if fresh from the whetstone. The joints have spaces between them, and the edge of the blade has no thickness. Put what has no thickness into a space, and there is room and to spare for the blade to play.',
      "Force against force wears out the body as hacking wears out a knife. Look for the gap: the angle at which a partner's push has no hold on you, the position in which your own joints carry load without strain. Trained this way, the body stays sound for decades.",
    ),
  },
  {
    key: 'classic-mengzi-2a-2',
    kind: 'classic',
    title: 'The man who pulled at his sprouts',
    hanzi:
      '宋人有闵其苗之不长而揠之者，芒芒然归，谓其人曰：“今日病矣！予助苗长矣！”其子趋而往视之，苗则槁矣。',
    source: 'Mengzi (Mencius), book 2A (公孙丑上, Gongsun Chou I), passage 2',
    body: paragraphs(
      "A man of Song, worried that his sprouts were not growing, went out and pulled at them. He came home worn out and told his family, 'I am exhausted today: I have been helping the sprouts grow.' His son ran out to look, and the sprouts had withered.",
      'The classic warning against forcing progress: standing too long too soon, stances too low, issuing power before the structure is ready. Give the practice time and regular care, not a tug.',
    ),
  },
  {
    key: 'classic-lunyu-1-1',
    kind: 'classic',
    title: 'To learn and to practise',
    hanzi: '学而时习之，不亦说乎？',
    source: 'Analects (论语) of Confucius, book 1, passage 1',
    body: paragraphs(
      'To learn something and practise it at the right times: is that not a pleasure?',
      "The old dictionaries explain xi, 'practise', as a young bird flying again and again. A skill learned in class becomes yours only through repetition at home, and repetition done with attention is meant to be enjoyed, not endured.",
    ),
  },
];
