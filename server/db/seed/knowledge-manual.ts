import { paragraphs, type KnowledgeSeedEntry } from './knowledge-entry';

/** The training manual: sections numbered chapter.section, keyed 'manual-<chapter>-<section>'. */
export const KNOWLEDGE_MANUAL: readonly KnowledgeSeedEntry[] = [
  // 1 Foundations and etiquette in the kwoon
  {
    key: 'manual-1-1',
    kind: 'manual',
    title: '1.1 Arriving at and leaving the kwoon',
    body: paragraphs(
      'Arrive ten minutes before class so that you can change, warm up and settle. Train barefoot or in flat, thin-soled shoes kept for the hall; street shoes stay at the door. Take off rings, watches and earrings, keep fingernails short, and leave your phone on silent with your bag.',
      'Salute as you step into the training area and again as you leave it. If you arrive after class has started, wait at the edge until the instructor signals you in, salute, and join at the back; warm up quietly on your own before joining any partner work.',
      "Before class, tell the instructor privately about anything that affects your training that day: an injury, an illness, pregnancy, a change of medication, or simply a very bad night's sleep. Nobody will ask for details you do not want to give, and it lets the instructor adapt the exercises for you.",
      'Bring a water bottle and drink in the breaks; food stays outside the training area. At the end, help put the equipment away and leave the hall as you would like to find it.',
    ),
  },
  {
    key: 'manual-1-2',
    kind: 'manual',
    title: '1.2 The salute and forms of address',
    body: paragraphs(
      'The salute (baoquan li) is made with the right hand in a fist and the left hand open, four fingers together and the thumb slightly bent. The left palm covers the right fist in front of the chest, arms rounded and elbows down. Look at the person or the room you are saluting, hold it for a moment, then lower the hands. It is given on entering and leaving the hall, at the start and end of class, before and after each partner exercise, and to thank a teacher for a correction.',
      'Address teachers as they ask to be addressed; most at the school are called Sifu followed by their family name, for example Sifu Lin. Students who began before you are your seniors (shixiong or shijie), whatever their age. While a teacher is explaining, listen; keep questions for when practice begins or when the teacher invites them.',
      'Do not correct other students unless the instructor asks you to; point them to the teacher instead. When you are corrected, try the correction at once and say thank you, even if it feels strange. A correction that feels strange is usually the one you needed.',
    ),
  },
  {
    key: 'manual-1-3',
    kind: 'manual',
    title: '1.3 Training with a partner',
    body: paragraphs(
      'Partner work is where students are most likely to hurt each other, nearly always by accident. Before starting, agree the drill, the side and the intensity, and tell your partner about any injury. The partner receiving the technique sets the pace: if they ask you to slow down or go lighter, do so at once.',
      "Either partner may stop a drill at any time by saying 'stop' or tapping twice on the other person or the floor. Stop immediately when you hear or feel it, release any hold, and check on your partner. Start again only when both of you are ready.",
      'Use only the contact the drill calls for. Strikes in drills stop short or land lightly on the torso unless the teacher says otherwise; never aim at the head, neck, throat, eyes, groin or joints. Joint locks are applied slowly and released at the first tap.',
      "Work with the partner you are given. Seniors paired with beginners adjust down, not up; that is the everyday meaning of wude, martial virtue. Winning a drill teaches nothing, and losing your partner's trust costs both of you the lesson.",
    ),
  },
  {
    key: 'manual-1-4',
    kind: 'manual',
    title: '1.4 How to learn in class and at home',
    body: paragraphs(
      'Watch the whole movement first, then the feet, then the hands. Copy before you analyse: the body learns a shape faster than the mind can describe it. Work on one correction at a time until it holds without thinking, then ask for the next.',
      'After each class write three lines in a notebook: what was taught, the correction you received, and one question. Practise what you were shown before the next class, even briefly; fifteen minutes on most days does more than two hours once a week.',
      "Keep to one teacher's version of a form while you learn it. Lineages differ in details such as stance width or the weight in santi shi, and mixing them early leaves you with neither. When a book, a video or another school says something different, bring the question to class; the difference usually has a reason.",
      "The school's online lessons and this knowledge base support your practice, but they cannot see you. Take what you learn from them to a teacher to check.",
    ),
  },

  // 2 Standing practice
  {
    key: 'manual-2-1',
    kind: 'manual',
    title: '2.1 Why we stand',
    body: paragraphs(
      'Every art taught at the school begins with standing still. In a held posture nothing hides your habits: you find where you grip, where you lean and where you hold your breath, and you have time to let each one go. Standing also strengthens the legs in the angles the arts use and teaches the body to carry its weight through the bones rather than through tense muscles.',
      'Wuji and hun yuan zhuang come first for everyone. Xingyiquan then continues with santi shi, Taijiquan with the opening of the form, and Baguazhang with the held palm postures that are later walked on the circle. Students who skip this stage usually return to it later, when they find that their forms have no root.',
      'Standing is not a test of endurance or willpower. A good session leaves you warm, calm and pleasantly tired in the legs, never strained. If standing makes you tense or anxious, stand for less time, not more, and tell your teacher.',
    ),
  },
  {
    key: 'manual-2-2',
    kind: 'manual',
    title: '2.2 Wuji: checking the posture from feet to crown',
    body: paragraphs(
      'Feet: parallel and shoulder-width apart, measured at their outside edges. Spread the weight over the whole foot so that it settles just in front of the ankle bone; the toes rest rather than grip.',
      'Knees and hips: unlock the knees so that they bend slightly, keeping them over the second and third toes, and let the hip joints fold a little, as if about to sit on a high stool. The tailbone drops by itself as the lower back lengthens; do not clench the buttocks to tuck the pelvis.',
      'Torso and arms: the chest is neither pushed out nor sunk. The shoulders hang, the elbows stay slightly away from the ribs, and the hands rest beside the thighs with the fingers gently spread.',
      'Head: the crown lifts as if suspended by a thread, the chin draws slightly in, the eyes look level and soft, and the tongue rests lightly on the roof of the mouth behind the upper teeth.',
      'In the first weeks check yourself side-on in a mirror: ear, shoulder, hip and ankle should fall roughly on one vertical line. Once the posture is placed, stop adjusting and stand. The posture is a container; the practice is what happens inside it.',
    ),
  },
  {
    key: 'manual-2-3',
    kind: 'manual',
    title: '2.3 Hun yuan zhuang: holding the ball',
    body: paragraphs(
      'From wuji, let the arms float up in front of the body until the hands are between chest and shoulder height, as if embracing a large ball. The palms face the chest, the fingertips of the two hands are a few fists apart, and the elbows are a little lower than the wrists. The shoulders stay where they were in wuji: only the arms have moved.',
      'Feel roundness everywhere: in the arms, across the upper back, in the armpits and between the thighs, as if the knees held a second, smaller ball. The knees bend a little more than in wuji but stay over the feet.',
      'The arms tire before anything else. When they do, lower the elbows slightly rather than the hands, and imagine the arms hanging from the upper back. If the shoulders still rise, lower the ball to the height of the navel and continue there; a lower ball held well is better than a high one held with tension.',
      'To finish, lower the hands slowly to the sides and stand in wuji for a minute, then walk about and shake out the legs before you sit down.',
    ),
  },
  {
    key: 'manual-2-4',
    kind: 'manual',
    title: '2.4 How long to stand, and what you may feel',
    body: paragraphs(
      "Consistency matters more than duration. Start with five minutes of wuji a day and add a minute or two each week. After about a month, add hun yuan zhuang, beginning with three minutes and adding one a week. Most students settle at twenty to thirty minutes in total; some go further with a teacher's guidance.",
      'In the first weeks the thighs usually burn and may shake. That is the legs taking over the weight the upper body has released, and it passes. Warmth in the hands, tingling in the fingertips and a heavy, full feeling in the legs are also common and harmless.',
      'Some sensations mean stop and change something: sharp pain in a joint, pain at the front of the knee, numbness that does not go when you move, dizziness, nausea, or any pain or pressure in the chest. Come out of the posture, walk about, and if it returns next time, tell your teacher. Chapter 7 explains when to seek medical help.',
      'End each session while the posture is still good. Five relaxed minutes are worth more than twenty stiff ones.',
    ),
  },
  {
    key: 'manual-2-5',
    kind: 'manual',
    title: '2.5 Common mistakes in standing',
    body: paragraphs(
      'Most mistakes in standing come from trying too hard. Check yourself against this list one item at a time.',
      'Locking the knees. The weight goes into the joints and the legs stop working. Bend until you feel the thighs working, with the knees over the toes and not falling inward.',
      'Leaning. The usual lean is back into the heels with the chest lifted; the next most common is forward onto the toes with the head poking out. Rock gently forward and back and settle where the weight falls just in front of the ankle bone.',
      'Raising the shoulders. As the arms tire, the shoulders creep toward the ears. Lower the elbows, not the hands, and let the arms hang from the back.',
      'Forcing the breath. Pushing the belly out or holding the breath makes the posture rigid. Let each breath be as long as it wants; it settles lower by itself over weeks.',
      'Tucking the pelvis hard. Clenching the buttocks moves tension into the hips and lower back. Let the tailbone drop as the hips fold.',
      'Staring or drifting. A hard fixed stare, or a mind somewhere else, both mean the attention has left the body. Look softly toward the horizon and keep returning to the breath and the feet.',
    ),
  },

  // 3 Breathing
  {
    key: 'manual-3-1',
    kind: 'manual',
    title: '3.1 Natural breathing comes first',
    body: paragraphs(
      'Breathing in the internal arts starts with leaving the breath alone. Breathe through the nose, mouth closed and tongue resting behind the upper teeth, and let each breath be as long as it wants to be. In the first months do not count, hold or lengthen it on purpose.',
      'Notice where the breath moves. In most adults, especially under stress, it moves mainly the chest and shoulders. As you stand and release the shoulders, chest and belly, the movement settles lower by itself: into the abdomen, then the sides, and eventually the lower back.',
      'If your nose is blocked, breathe through the mouth rather than strain. If you catch yourself holding the breath, as many people do when concentrating or when the legs begin to burn, let the next out-breath go a little longer and carry on.',
      'A simple check: stand with one hand on the chest and one on the abdomen for a few breaths. The lower hand should move gently and the upper hand hardly at all. Do not make it happen; observe, release, and check again next week.',
    ),
  },
  {
    key: 'manual-3-2',
    kind: 'manual',
    title: '3.2 Sinking the breath to the dantian',
    body: paragraphs(
      "Wang Zongyue's Treatise asks that the qi sink to the dantian (qi chen dantian). In practice this describes three things happening together: the breath moves the lower abdomen rather than the chest, the body's weight settles through relaxed hips and legs, and the attention rests low, at the centre a few finger-widths below the navel.",
      'To train it, stand in wuji and rest your attention on the lower abdomen without trying to move it. On each in-breath the abdomen swells slightly all the way round, front, sides and back; on each out-breath it returns, and you let a little more weight sink into the feet. Ten minutes is plenty.',
      'It should feel quiet, heavy and settled below and light and free above. It should not feel like a pushed-out belly, pressure in the head, or breath held at the bottom. Sinking is the result of relaxing, not of pushing down.',
      'Never force it. Bearing down on the breath raises the pressure in the chest and abdomen; it can cause dizziness and headaches, and it is unwise for anyone with high blood pressure, a hernia or pelvic-floor problems, or during pregnancy. If any discomfort appears, return to plain natural breathing and tell your teacher.',
    ),
  },
  {
    key: 'manual-3-3',
    kind: 'manual',
    title: '3.3 Breathing in movement',
    body: paragraphs(
      'In the forms, the breath follows the movement, never the other way round. While you are learning a sequence, simply breathe naturally; trying to fit breath to movement before the movement is known makes both stiff.',
      'Once a form is familiar, a pattern appears by itself: the breath tends to come in as the body gathers and draws back, and go out as it extends, sinks or issues force. In Taijiquan that often means in as the hands draw back and out with the push; in Xingyiquan, out as the fist lands and the rear foot follows. Let the pattern emerge, and never hold the breath waiting for the next movement.',
      'In Baguazhang, keep the breath even and unhurried at any walking pace. If you cannot breathe comfortably through the nose while walking the circle, you are walking too fast or too low for now.',
      'Some teachers add a short audible out-breath when issuing power. Use it only where it is taught, keep it brief, and never strain the throat.',
    ),
  },
  {
    key: 'manual-3-4',
    kind: 'manual',
    title: '3.4 Reverse breathing, and when to leave the breath alone',
    body: paragraphs(
      'In reverse breathing the abdomen draws gently in on the in-breath and expands on the out-breath. Some lineages use it in qigong and when issuing power, because it links the breath to the compression and release of the trunk.',
      "The school teaches it only after natural abdominal breathing has become easy, usually after a year or more of regular practice, and only under a teacher's supervision. Forced, it quickly turns into tension in the abdomen and diaphragm, breath-holding, headaches or dizziness.",
      'Do not practise reverse breathing, breath-holding or vigorous breathing exercises if you are pregnant or have high blood pressure, heart or lung disease, a hernia, glaucoma, epilepsy or a history of panic attacks, unless your doctor has agreed. Natural breathing remains right for everyone.',
      'Whatever the method, light-headedness, tingling around the mouth or in the hands, or a racing heart mean you are breathing too much or too hard. Stop the exercise, breathe quietly through the nose, sit down if you need to, and tell the instructor.',
    ),
  },

  // 4 Xingyiquan's five elements and santi shi
  {
    key: 'manual-4-1',
    kind: 'manual',
    title: '4.1 Setting up santi shi step by step',
    body: paragraphs(
      'Stand upright with the heels together, the left foot pointing forward and the right foot turned out about forty-five degrees, the body turned with it so that the left shoulder leads. Sink by bending both knees, keeping them close together, with the weight on the right leg.',
      'Let both hands rise as fists along the centreline, the right fist drilling up to about the height of the nose. Then step the left foot straight forward, about two of your own foot-lengths (your teacher will adjust this to your build), as the left hand overturns and extends forward to chest height, palm forward and index finger up, and the right hand draws down to the navel. Hand and foot arrive together.',
      'Check the finished posture. About seventy per cent of the weight is on the rear leg, which is the proportion our lineage teaches. The front knee is above the ankle, not beyond it; the rear knee points the same way as the rear toes and does not collapse inward. The hips and shoulders stay angled with the feet rather than squared to the front. The front elbow sinks, the front hand is above the front foot, and the tip of the nose, the front hand and the front foot line up. The eyes look past the index finger.',
      'For the right side, reverse everything. Always train both sides.',
    ),
  },
  {
    key: 'manual-4-2',
    kind: 'manual',
    title: '4.2 Holding santi shi: time, feeling and corrections',
    body: paragraphs(
      'Begin with one to two minutes on each side and add about half a minute a week. Five minutes on each side is a solid standard, and many students build to ten. Train both sides for the same time.',
      'What to feel: the rear leg strongly loaded and warm; the front foot light enough to lift without the body moving; the front arm extended but not locked; and a quiet forward intent running from the rear foot through the spine to the front hand, as if about to step. The upper body stays calm even while the rear thigh burns.',
      'Common corrections. The rear knee collapses inward: send it gently out over the toes. The front shoulder rises or the front elbow locks: sink the shoulder and let the elbow drop. The head drifts forward over the front foot: draw the chin in and lift the crown. The weight creeps forward as the rear leg tires: stand a little higher rather than shift. The hips turn square to the front: keep them angled with the feet.',
      'Come out of the posture by drawing the front foot back beside the rear foot and standing up slowly. Walk about before changing sides.',
    ),
  },
  {
    key: 'manual-4-3',
    kind: 'manual',
    title: '4.3 Pi quan, the first fist',
    body: paragraphs(
      'Pi quan (metal) is taught first because it shows the four actions inside every Xingyi movement most clearly: rising, drilling, overturning and falling.',
      'From left santi shi, the left hand closes into a fist and drills forward and up along the centreline to nose height, palm side up, as the left foot takes a half step forward with the toes turned slightly out. The right fist comes up to rest just below the left elbow.',
      'The right foot then steps through, passing close to the left ankle, and lands a full step ahead while the left foot follows a little. At the same time the right fist drills up along the left forearm, both hands open and overturn, and the right palm splits forward and down to chest height while the left hand draws back to the navel. The splitting palm and the landing foot arrive in the same instant.',
      'Practise in a line: five to ten steps, turn, and come back, for ten to fifteen minutes. Go slowly at first, settling into a full santi shi after each step. The usual mistakes are the hand landing before the foot, the arm chopping from the shoulder while the body stays behind, and the head rising and falling with each step. Breathe out as the palm lands.',
    ),
  },
  {
    key: 'manual-4-4',
    kind: 'manual',
    title: '4.4 Beng quan and the following step',
    body: paragraphs(
      'Beng quan (wood) is the most direct of the five fists: a vertical fist, thumb side up, striking straight forward at about solar-plexus height. It is usually practised with the same foot in front throughout, the fists alternating with each step.',
      'The following step is the key. The front foot steps forward, and as the fist lands with it the rear foot follows at once, pushing the body forward, and stops about a foot-length behind so that you are ready to step again. The rear foot never passes the front one.',
      'Keep the elbow of the punching arm down and close to the ribs as it travels; the fist stops at full reach with the elbow still slightly bent. The other fist draws back to the waist, palm side up, as the punch goes out, like pulling one end of a rope while throwing the other.',
      'Because it is so simple, beng quan shows every break in the body. If the punch feels like an arm movement, slow down and let the legs and the following step deliver the fist. At the end of the line, turn with the turning movement taught in class; the turn differs between lineages.',
    ),
  },
  {
    key: 'manual-4-5',
    kind: 'manual',
    title: '4.5 Zuan, pao and heng quan, and the two cycles',
    body: paragraphs(
      'Zuan quan (water) drills upward from beneath: the front hand presses down and covers, then the rear fist drills up and forward along the centreline to nose height, palm side up, as the step advances. Keep the shoulder down and the body upright; leaning back to lift the fist is the usual fault.',
      'Pao quan (fire) steps diagonally in a zigzag. One forearm drills up and overturns in front of the forehead to deflect while the other fist punches straight out. The power comes from the step and the turn of the waist, not from tensing the arms.',
      'Heng quan (earth) also advances diagonally. The fist crosses in beneath the other arm with a rolling action, turning palm up, while the other hand turns over and withdraws. The crossing comes from the waist; swinging the arm wide is the common mistake.',
      'In the generating cycle metal gives water, water wood, wood fire, fire earth and earth metal, so the fists link in the order pi, zuan, beng, pao, heng. In the overcoming cycle metal cuts wood, wood breaks earth, earth dams water, water quenches fire and fire melts metal: pi answers beng, beng answers heng, heng answers zuan, zuan answers pao, and pao answers pi. Learn each fist alone before linking them.',
    ),
  },

  // 5 Baguazhang circle walking and palm changes
  {
    key: 'manual-5-1',
    kind: 'manual',
    title: '5.1 Walking the circle: size, direction and gaze',
    body: paragraphs(
      'Mark the centre of the circle with a cup or a stone so that the circle does not drift. For most adults a circle of about eight steps is right to start with, roughly two to three metres across depending on the length of the step. Smaller circles demand more turning and are harder on the knees; larger ones let you walk almost straight.',
      'Walk counter-clockwise first with the left hand leading toward the centre, then clockwise with the right, giving both directions equal time. The inside foot steps straight along the line of the circle and the outside foot toes in slightly on each step. The waist turns toward the centre; the leading hand points at it at about eye height, and the other hand rests below the leading elbow.',
      "Look past the leading hand's index finger to the centre, not at your feet. Keep the height level, so that the head travels without bobbing, and the steps small and even.",
      'Start with one to two minutes in each direction. Until you know a palm change, simply stop, turn and walk the other way. Build toward ten to twenty minutes a session. Walk slowly: speed comes much later, and only from smoothness.',
    ),
  },
  {
    key: 'manual-5-2',
    kind: 'manual',
    title: '5.2 The mud-wading step and the hooking and swinging steps',
    body: paragraphs(
      'In the mud-wading step (tang ni bu) the stepping foot passes close to the ankle of the standing leg and travels forward low and level, just clear of the floor, as if wading through shallow mud. It lands flat, the whole sole at once, and only then does the weight move onto it. Drill it on a straight line before taking it onto the circle.',
      'The standing leg does the work: keep its knee bent and the hips level so that the head does not rise as the foot moves. Keep the steps short, about a foot-length beyond the other foot, until the movement is smooth.',
      'The hooking step (kou bu) places the foot toed in, across the line of travel; the swinging step (bai bu) places it toed out, opening the body to a new direction. Together they turn the body in the palm changes. Practise them at the point of the circle where a change happens: hook, turn the waist, swing, continue.',
      'Protect the knees: place the foot already turned and let the knee follow the toes. Never swivel a foot while your full weight is on that bent knee. If a knee aches after walking, make the circle larger and the stance higher before anything else.',
    ),
  },
  {
    key: 'manual-5-3',
    kind: 'manual',
    title: '5.3 The single palm change',
    body: paragraphs(
      'The single palm change (dan huan zhang) turns you from walking one way to walking the other. It is described here from walking counter-clockwise with the left palm leading.',
      'As the right foot comes forward, place it in a hooking step in front of the left foot, toes turned in, and let the waist turn toward the centre. The left palm turns over and draws slightly back toward the body.',
      'Swing the left foot out with a swinging step toward the new direction as the body keeps turning. At the same time the right hand drills forward under the left elbow, palm up, and extends to become the leading hand, while the left hand turns over and withdraws to rest below the right elbow. Step the right foot forward along the circle and walk on clockwise, the right palm now leading toward the centre.',
      'The waist leads and the hands follow. A useful check is to stop halfway through the hooking step: if the arms have already arrived in their final position, they have moved ahead of the body. Keep the height level throughout the change. Practise it slowly, ten times in each direction, before adding it to your circle walking.',
    ),
  },
  {
    key: 'manual-5-4',
    kind: 'manual',
    title: '5.4 The double palm change, and dizziness on the circle',
    body: paragraphs(
      'The double palm change (shuang huan zhang) adds a second turn and a cutting palm to the single change, with a fuller coil of the waist between two hooking steps. Learn it in the stages taught in class, and only once the single change is smooth in both directions. The most common error is hurrying the second hooking step: let the waist finish turning before the foot moves.',
      'Dizziness is common in the first weeks of circle walking, especially on small circles and when changing direction. Keep the gaze steady on the leading hand and the centre, walk more slowly, and change direction more often. If you feel dizzy or queasy, stop, stand still with your eyes on a fixed point and breathe until it passes; sit down if you need to.',
      'Stop for the day if the dizziness does not settle within a minute or two, or comes with headache, ringing in the ears, blurred vision or vomiting, and tell your teacher. If it keeps happening, see a doctor. Students with inner-ear problems or who are prone to motion sickness should walk larger, slower circles and change direction often.',
    ),
  },

  // 6 Taijiquan principles and push hands
  {
    key: 'manual-6-1',
    kind: 'manual',
    title: '6.1 The Ten Essentials as a posture check',
    body: paragraphs(
      "Yang Chengfu's Ten Essentials are the school's checklist for every Taijiquan posture. Stop in any posture of the form and go through them in order.",
      'One: the crown is light and lifted (xu ling ding jin). Two: the chest is contained and the back raised (han xiong ba bei). Three: the waist is relaxed, so that it can turn and the weight can sink. Four: empty and full are clearly distinguished between the legs. Five: the shoulders sink and the elbows drop (chen jian zhui zhou).',
      'Six: intent leads, not force (yong yi bu yong li). Seven: upper and lower body follow each other, so that hands, waist and feet arrive together. Eight: inside and outside are joined, so that intent, breath and movement agree. Nine: the movement is continuous, without breaks between postures. Ten: stillness is sought within movement, so that the mind stays calm however the body moves.',
      'Do not try to fix all ten at once. Choose one essential for a week, check it in every posture of the form, and then move to the next. After ten weeks, start again from the first; each round finds something new.',
    ),
  },
  {
    key: 'manual-6-2',
    kind: 'manual',
    title: '6.2 Empty and full: shifting the weight',
    body: paragraphs(
      'Taijiquan moves by shifting the weight cleanly between the legs. Stand in a short bow stance, left foot forward, the feet about hip-width apart side to side. Shift slowly back until nearly all the weight is on the rear leg, then forward until about seventy per cent is on the front leg, keeping the head at one height and the hips level. Do ten shifts, then change legs.',
      'Let the shift start from the legs and hips; the upper body is carried, not leaning. Going back, the rear knee stays over the rear foot and the hip folds. Going forward, the front knee travels no further than above the toes and stays in line with them.',
      'Step only with an empty foot. The moving foot carries no weight, so it can be placed lightly, heel first when stepping forward, and only then receive the weight. One common reading of what Wang Zongyue calls double weighting is the moment when you cannot move either foot without first lurching: the sign that empty and full have blurred.',
      'Five minutes of weight shifting before each form practice is one of the quickest ways to improve the whole form.',
    ),
  },
  {
    key: 'manual-6-3',
    kind: 'manual',
    title: '6.3 Single-hand push hands',
    body: paragraphs(
      'Partners face each other, each with the right foot forward in a short bow stance, the front feet a little apart so that the right feet are side by side. The backs of the right wrists touch at chest height.',
      "One partner pushes gently toward the other's chest, the palm turning to face them. The receiving partner keeps the contact with the back of the wrist, shifts back and turns the waist so that the push is led to the side, past the body; then turns the palm and pushes in return, and the first partner neutralises in the same way. The hands draw a flat, continuous circle between you. After a few minutes, change to the left side.",
      'Keep the contact light, like a feather resting on the wrist: enough that you would notice it leave. Move from the legs and waist, not from the arm, whose shape hardly changes.',
      "Aim for smoothness first: no breaks in the circle, no jerks, no leaning. Once it is smooth, close your eyes for a minute at a time and notice the moment your partner's weight begins to move forward; you feel it in the wrist before you would see it. That is listening power (ting jin).",
    ),
  },
  {
    key: 'manual-6-4',
    kind: 'manual',
    title: '6.4 Double-hand push hands and the four methods',
    body: paragraphs(
      'Double-hand push hands adds the second hand and the four methods: ward off (peng), roll back (lu), press (ji) and push (an). They are practised in a fixed pattern, in fixed step with the right feet forward, each partner taking each role in turn.',
      "In the pattern taught at the school, A pushes with both hands on B's forearm. B receives with ward off, then turns the waist and rolls back, leading A's arm to the side. A follows the roll back with a press toward B's chest. B neutralises the press by sinking and turning, then pushes on A's arms, and A now wards off and rolls back. The cycle repeats without a break.",
      "Learn it slowly and silently, one method at a time, following the instructor's count. The common faults are grabbing in roll back, leaning in press and push, collapsing the arm instead of warding off, and losing the contact at the changeover.",
      'Check that the knees stay over the feet, the hips turn with the waist, the elbows stay down, and neither partner uses more force than is needed to feel the other. Move on to moving-step patterns only when fixed step is smooth on both sides.',
    ),
  },
  {
    key: 'manual-6-5',
    kind: 'manual',
    title: '6.5 Push hands safely and with courtesy',
    body: paragraphs(
      'At the school, push hands is cooperative practice. Free pushing, where partners try to unbalance each other, begins only when a teacher allows it, and always at an agreed intensity.',
      'No strikes, clothing grabs, locks, sweeps or throws unless that is what the class is working on. Push the torso, never the head, neck or face, and never toward walls, pillars or other pairs; keep clear space behind your partner and check the floor.',
      'When you are pushed out, step back and reset. Do not resist with tension or twist the knees to stay in place: knees and lower backs are injured in push hands when a student refuses to move the feet while being pushed. Being pushed is how you learn; teachers have long called it investing in loss.',
      'Salute before and after each round. Trim your nails, take off watches and rings, and tell your partner about any injury. If a partner is too rough, stop and ask them to slow down; if it continues, tell the instructor.',
    ),
  },

  // 7 Safety, injuries and recovery
  {
    key: 'manual-7-1',
    kind: 'manual',
    title: '7.1 About this guidance: it is not medical advice',
    body: paragraphs(
      "The safety guidance in this manual, and in the answers of the school's AI tutor that draw on it, is general training advice. It is not medical advice, and it cannot diagnose or treat an injury or illness. The school's teachers are martial arts instructors, not doctors or physiotherapists.",
      'See a doctor or a physiotherapist for any pain that persists for more than a week or two, keeps returning when you train, or gets worse; for pain that wakes you at night; and for swelling, numbness, tingling, weakness, or a joint that gives way or locks. Speak to your doctor before starting if you have a heart or lung condition, high blood pressure, recent surgery, are pregnant, or have been told to limit exercise.',
      'For chest pain, severe breathlessness, fainting, or sudden weakness, numbness or difficulty speaking, call the emergency services at once (see 7.4).',
      "Tell your instructor about any condition that may affect your training; it will be kept private. Wherever a health professional's advice differs from anything here, follow the health professional.",
    ),
  },
  {
    key: 'manual-7-2',
    kind: 'manual',
    title: '7.2 Warming up and cooling down',
    body: paragraphs(
      "Every session, at home or in class, begins with about ten minutes of warming up. The aim is to raise the body's temperature and take each joint gently through its range before loading it.",
      'A simple sequence: two or three minutes of easy walking or marching on the spot; ten circles each way of the ankles, hips, waist, shoulders, elbows and wrists; slow knee bends with the hands resting on the thighs; gentle neck turns from side to side, without rolling the head backward; a few slow, shallow squats and lunges within a comfortable range; and easy leg swings. Finish with a minute of standing to let the breath settle.',
      'Warm up more before fast work, fa jin, kicks or low stances: add brisk walking, arm swings and livelier movements until you are warm and slightly out of breath. Keep long, held stretches for after training.',
      'Cool down with a few minutes of slow walking, loosening and quiet standing before you leave. A cold room, an early morning and an older body all call for a longer warm-up.',
    ),
  },
  {
    key: 'manual-7-3',
    kind: 'manual',
    title: '7.3 Knees: alignment over the toes, and knee pain',
    body: paragraphs(
      'Knees are the joint most often hurt in the internal arts, usually by posture habits repeated for months rather than by one accident.',
      'The knee points the same way as the toes and bends over the foot, tracking roughly over the second and third toes, never collapsing inward. In held stances keep the knee roughly above the toes rather than far beyond them. For a healthy knee, passing a little beyond the toes in movement is not harmful in itself, but holding the weight far forward for minutes loads the front of the knee. Turn on an empty foot, or place the foot already turned; never twist a bent knee that carries your weight.',
      'Depth comes from folding the hips (the kua). If the hips do not fold, the knees do all the bending. Stand higher than you think you need to: a high stance held correctly builds the legs, and a low one held in pain damages them.',
      'An ache in the thigh muscles is normal; pain in or around the kneecap, or on the inside or outside of the joint, is not. If it appears, stand higher, shorten the time and check alignment. If it persists after a week of easier training, or comes with swelling, painful clicking, locking or giving way, stop the exercises that cause it and see a doctor or physiotherapist.',
    ),
  },
  {
    key: 'manual-7-4',
    kind: 'manual',
    title: '7.4 When to stop at once',
    body: paragraphs(
      'Stop straight away, step out of the line and tell the instructor if you feel sharp or sudden pain, a pop or tearing sensation, dizziness or faintness, blurred vision, nausea, or any pain, pressure or tightness in the chest.',
      'Dizziness or faintness: sit or lie down where you are rather than walking off; in a standing posture, bend the knees and sit on the floor before you can fall. Rest and drink some water. Do not train again that day if it does not clear quickly.',
      'Chest pain, pressure or tightness, especially with breathlessness, sweating, nausea or pain spreading to the arm, jaw, neck or back, or sudden weakness, a drooping face or slurred speech, can be signs of a heart attack or a stroke. Stop, sit down, and call the local emergency number (such as 112, 999 or 911) at once. Do not wait to see if it passes, and do not drive yourself.',
      'Sharp pain, a pop, or pain that changes how you move: stop that exercise for the rest of the session; do not train through it. Rest, and if it has not clearly improved within a few days, see a doctor or physiotherapist. After a blow to the head, stop for the day even if you feel fine, and seek medical advice if headache, drowsiness, vomiting or confusion follow.',
      'Instructors will always support a student who stops. Nobody at the school will think less of you for it.',
    ),
  },
  {
    key: 'manual-7-5',
    kind: 'manual',
    title: '7.5 Training with a cold, an illness or an injury',
    body: paragraphs(
      "For a cold, a rough guide is the 'neck check'. With symptoms only above the neck, such as a runny or blocked nose, sneezing or a mild sore throat, gentle practice at home (standing, qigong, slow form) is usually fine at lower intensity. With symptoms below the neck, such as fever, chest congestion, a chesty cough, aching muscles, vomiting or diarrhoea, rest completely.",
      'Stay away from class while you may be infectious: push hands and partner drills pass a cold around a whole class. Come back when you have been free of fever for at least a day without fever-reducing medicine, at about half your usual intensity.',
      'With an injury, tell the instructor before class. You can often keep training the parts that are not hurt: someone with a sprained wrist can still stand and walk the circle, and someone with a sore ankle can practise seated breathing and arm movements. Keep the injured area out of anything that hurts, and never take painkillers in order to train through pain.',
      'Never train with a fever or with chest pain, or after a head injury until a doctor has cleared you. After a serious illness, or whenever you are unsure, ask your doctor first.',
    ),
  },
  {
    key: 'manual-7-6',
    kind: 'manual',
    title: '7.6 Returning after an injury or a long break',
    body: paragraphs(
      "If the injury needed treatment, follow your doctor's or physiotherapist's plan, ask them which movements to avoid, and pass that on to your instructor. Their advice overrides this manual.",
      'Come back gradually. Start at about half of your previous volume and intensity (half the standing time, half the repetitions, higher stances) and add a little each week as long as the injured area stays quiet.',
      'Use pain as a guide. Mild discomfort that settles within the session is usually acceptable; pain that lingers into the next day, gets worse, or makes you move differently means you did too much. Drop back to the previous level for a few sessions before trying again.',
      'Rebuild in order: standing and slow forms first, then stepping and circle walking, then partner work, and fast or explosive work such as fa jin last. Train both sides evenly, because an injury tends to leave the other side overloaded. After a break of more than a few months, even without injury, restart as if at the beginning of your current stage: strength fades faster than the memory of the movements.',
    ),
  },

  // 8 Training plans and progress
  {
    key: 'manual-8-1',
    kind: 'manual',
    title: '8.1 A daily home practice of twenty to thirty minutes',
    body: paragraphs(
      'A short daily practice does more than an occasional long one. This outline suits a student in the first year or two.',
      'Warm-up, five minutes: the joint circles and easy movements of section 7.2. Standing, ten minutes: wuji, then hun yuan zhuang or santi shi on both sides, depending on your art and stage.',
      'Your art, ten to fifteen minutes. Xingyiquan students take one fist in line practice. Baguazhang students walk the circle in both directions with the palm changes they know. Taijiquan students shift weight for a few minutes, then practise slowly the part of the form they are learning.',
      'Close, two or three minutes: stand quietly, walk about, shake out the legs, and write a line in your training journal.',
      'Practise at the same time each day if you can; first thing in the morning suits most people. On a busy day, do the standing alone. Do not train hard straight after a large meal, and follow an unusually hard session with a day of rest or easy practice.',
    ),
  },
  {
    key: 'manual-8-2',
    kind: 'manual',
    title: '8.2 The first six months: a plan for beginners',
    body: paragraphs(
      'This plan assumes one or two classes a week and home practice on most other days.',
      'Months one and two: learn the etiquette, the warm-up and wuji standing. At home, five to ten minutes of wuji most days, building up as in section 2.4; in class, the basic stances and steps of your art. Aim for five home sessions a week.',
      'Months three and four: add hun yuan zhuang at home and the first material of your art: santi shi and pi quan in Xingyiquan; the mud-wading step and circle walking in Baguazhang; weight shifting and the first section of the form in Taijiquan. About twenty minutes at home, five days a week.',
      'Months five and six: consolidate. Xingyiquan students add zuan quan and beng quan; Baguazhang students the single palm change; Taijiquan students continue the form and begin single-hand push hands in class. Twenty to thirty minutes at home.',
      'Take at least one full rest day a week and an easier week every month or so. If you miss a week, do not make up the time by doubling the next; resume at your normal level. Review the plan with your teacher at the end of the six months.',
    ),
  },
  {
    key: 'manual-8-3',
    kind: 'manual',
    title: '8.3 Keeping a training journal',
    body: paragraphs(
      'A journal is the best tool for seeing progress that is too slow to notice from day to day. Keep it short enough that you will really do it: a notebook or a note on your phone, one or two lines per session.',
      'Record the date, what you practised and for how long, one thing you noticed (a sensation, a difficulty, something that clicked) and any correction from class. Note pain or discomfort too, with where and when it happened, so that you can see patterns and describe them accurately to a teacher or physiotherapist.',
      'Every month, read it back. Look for simple markers: how long you can stand comfortably, whether your knees ache less, whether a correction now holds without thinking, how much of a form you can do without stopping. Every few months ask someone to film you from the front and the side in the same postures, and compare the recordings.',
      'Bring the journal, or the questions it raises, to class. Teachers can help far more precisely when they know what you have been practising.',
    ),
  },
  {
    key: 'manual-8-4',
    kind: 'manual',
    title: '8.4 Plateaus, setbacks and steady progress',
    body: paragraphs(
      'Progress in the internal arts comes in steps separated by long flat stretches. A plateau usually means the body is consolidating what it has learned; it is not a sign that you are doing something wrong.',
      'On a plateau, keep the practice regular and change one thing: a different emphasis (the feet instead of the hands), a slower pace, a higher or lower stance, or one essential to check for a month. Ask your teacher for one new correction. Resist adding new forms just to feel progress; more material rarely fixes a foundation.',
      'Setbacks such as illness, injury, work or family are part of every long practice. Reduce rather than stop: five minutes of standing keeps the thread unbroken. When you return, start below where you left off, as section 7.6 describes.',
      'Your teacher decides with you when you are ready for a new form, for partner work or for the next stage. Readiness is judged by how well you do what you already know, not by how long you have trained. The classics agree: small, steady, daily practice, and patience.',
    ),
  },
];
