import { CIRCLE_WALKING, FIVE_ELEMENTS } from '../../server/db/seed/course-content-arts';
import { PUSH_HANDS, ZHAN_ZHUANG } from '../../server/db/seed/course-content';

/**
 * AI Sifu's evaluation questions, written as students type them (misspelt, pinyin without tones,
 * Chinese characters, about injuries, off the subject), each asked in a demo course. `expect`: the
 * seed keys of entries a correct answer cites, one of them being enough. `offTopic`: the school's
 * materials do not cover it, so the honest answer is expected. `aboutTutor`: the question asks
 * whether the tutor is a person.
 */
export interface EvalQuestion {
  question: string;
  course: string;
  expect?: readonly string[];
  offTopic?: true;
  aboutTutor?: true;
}

const ZZ = ZHAN_ZHUANG.title;
const XY = FIVE_ELEMENTS.title;
const BG = CIRCLE_WALKING.title;
const PH = PUSH_HANDS.title;

const ask = (course: string, question: string, ...expect: string[]): EvalQuestion => ({
  question,
  course,
  expect,
});
const offTopic = (course: string, question: string): EvalQuestion => ({ question, course, offTopic: true });
const aboutTutor = (course: string, question: string): EvalQuestion => ({
  question,
  course,
  aboutTutor: true,
});

export const EVAL_QUESTIONS: readonly EvalQuestion[] = [
  // Standing
  ask(
    ZZ,
    'How long should I stand in zhan zhuang as a beginner?',
    'manual-2-4',
    'term-zhan-zhuang',
    'manual-8-2',
  ),
  ask(ZZ, 'what is zhanzhuang', 'term-zhan-zhuang'),
  ask(ZZ, '站桩的时候应该注意什么', 'term-zhan-zhuang', 'manual-2-5', 'manual-2-1', 'manual-2-2'),
  ask(
    ZZ,
    'my legs shake when i do zhan zhuang is that normal',
    'manual-2-4',
    'manual-2-5',
    'term-zhan-zhuang',
  ),
  ask(ZZ, 'whats the wuji posture', 'term-wuji', 'manual-2-2'),
  ask(ZZ, 'how do i hold the ball in hun yuan zhuang', 'term-hun-yuan-zhuang', 'manual-2-3'),
  ask(ZZ, 'hunyuan zhuang how high are the arms', 'term-hun-yuan-zhuang', 'manual-2-3'),
  ask(ZZ, 'where is the dantien exactly', 'term-dantian'),
  ask(ZZ, 'how do I sink my breath to the dantian', 'manual-3-2', 'term-qi-chen-dantian', 'term-dantian'),
  ask(ZZ, 'what does song mean', 'term-song'),
  ask(ZZ, 'qi chen dan tian', 'term-qi-chen-dantian', 'classic-taijiquan-lun-4'),
  ask(ZZ, 'should I do reverse breathing?', 'manual-3-4', 'term-ni-fu-shi-hu-xi'),
  ask(ZZ, 'abdominal breething how', 'term-fu-shi-hu-xi', 'manual-3-1', 'manual-3-2'),
  ask(ZZ, 'common mistakes when standing', 'manual-2-5'),
  ask(ZZ, '气沉丹田是什么意思', 'term-qi-chen-dantian', 'classic-taijiquan-lun-4'),
  ask(ZZ, 'what is 松 in standing', 'term-song'),
  ask(ZZ, 'how many minutes a day should I practise at home', 'manual-8-1', 'manual-2-4'),
  ask(ZZ, 'Why do we stand still for so long?', 'manual-2-1', 'term-zhan-zhuang'),
  ask(ZZ, 'zhàn zhuāng benefits', 'term-zhan-zhuang', 'manual-2-1'),
  // Xingyiquan
  ask(XY, 'what is santi shi', 'term-santi-shi', 'manual-4-1'),
  ask(XY, 'how do I set up santishi step by step', 'manual-4-1', 'term-santi-shi'),
  ask(XY, '三体式 weight distribution front and back leg', 'term-santi-shi', 'manual-4-1', 'manual-4-2'),
  ask(XY, 'santi how long to hold it', 'manual-4-2', 'term-santi-shi'),
  ask(XY, 'pi quan splitting fist how to do it', 'term-pi-quan', 'manual-4-3'),
  ask(XY, 'what is beng chuan', 'term-beng-quan', 'manual-4-4'),
  ask(XY, 'the five element fists and their cycle', 'term-wu-xing-quan', 'manual-4-5'),
  ask(XY, 'what are the six harmonies', 'term-liu-he', 'classic-liu-he-1'),
  ask(XY, 'liuhe in xingyi', 'term-liu-he', 'classic-liu-he-1'),
  ask(XY, 'xingyi chuan history who created it', 'term-xingyiquan'),
  ask(XY, 'what does qi zuan luo fan mean', 'term-qi-zuan-luo-fan'),
  ask(XY, 'drilling fist zuan quan', 'term-zuan-quan', 'manual-4-5'),
  ask(XY, 'what is chicken leg', 'term-ji-tui'),
  ask(XY, 'guo yunshen three stages of power', 'classic-guo-yunshen-1'),
  ask(XY, '劈拳', 'term-pi-quan', 'manual-4-3'),
  ask(XY, 'the three tips align', 'term-san-jian-xiang-zhao'),
  // Baguazhang
  ask(BG, 'how big should the circle be when walking', 'manual-5-1', 'term-zou-quan'),
  ask(BG, 'what is the mud wading step', 'term-tang-ni-bu', 'manual-5-2'),
  ask(BG, 'tang ni bu', 'term-tang-ni-bu', 'manual-5-2'),
  ask(BG, 'single palm change dan huan zhang', 'term-dan-huan-zhang', 'manual-5-3'),
  ask(BG, 'kou bu and bai bu difference', 'term-kou-bu', 'term-bai-bu', 'manual-5-2'),
  ask(BG, 'baguazang history who founded it', 'term-baguazhang'),
  ask(BG, '八卦掌', 'term-baguazhang'),
  ask(BG, 'eight mother palms', 'term-ba-mu-zhang'),
  ask(BG, 'zou quan', 'term-zou-quan', 'manual-5-1'),
  ask(BG, 'double palm chnage', 'term-shuang-huan-zhang', 'manual-5-4'),
  ask(BG, 'walk like a swimming dragon', 'classic-bagua-saying-2'),
  // Push hands
  ask(PH, 'what is ting jin', 'term-ting-jin'),
  ask(PH, 'listening energy in push hands', 'term-ting-jin', 'manual-6-3'),
  ask(PH, 'peng lu ji an', 'term-peng', 'term-lu', 'term-ji', 'term-an', 'manual-6-4'),
  ask(
    PH,
    'four ounces deflect a thousand pounds',
    'term-si-liang-bo-qian-jin',
    'classic-dashou-ge-1',
    'classic-taijiquan-lun-6',
  ),
  ask(PH, '四两拨千斤', 'term-si-liang-bo-qian-jin', 'classic-dashou-ge-1', 'classic-taijiquan-lun-6'),
  ask(PH, 'ten essentials of taiji', 'classic-shi-yao-1', 'manual-6-1'),
  ask(PH, 'tai chi push hands with one hand', 'manual-6-3', 'term-tui-shou'),
  ask(
    PH,
    'how to shift weight between empty and full',
    'manual-6-2',
    'term-xu-shi',
    'classic-taijiquan-jing-3',
  ),
  ask(PH, 'tuishou etiquette with a partner', 'manual-6-5', 'manual-1-3'),
  ask(PH, 'what are the thirteen postures', 'term-shisan-shi', 'classic-shisan-shi-ge-1'),
  ask(PH, 'taiji is born of wuji meaning', 'classic-taijiquan-lun-1', 'term-wuji'),
  ask(PH, 'how to neutralise an incoming force', 'term-hua-jin', 'term-si-liang-bo-qian-jin'),
  ask(PH, 'xu ling ding jin', 'term-xu-ling-ding-jin', 'classic-taijiquan-lun-4'),
  ask(PH, 'chen jian zhui zhou', 'term-chen-jian-zhui-zhou'),
  // Injuries, pain and health
  ask(ZZ, 'my knee hurts after standing, what should I do?', 'manual-7-3'),
  ask(XY, 'I have a cold, can I still train?', 'manual-7-5'),
  ask(BG, 'I sprained my ankle last week, can I still walk the circle?', 'manual-7-5', 'manual-7-6'),
  ask(PH, 'I felt chest pain during practice', 'manual-7-4', 'manual-7-1'),
  ask(ZZ, "I'm pregnant, is standing safe for me?", 'manual-7-1'),
  ask(PH, 'coming back after an injury, how do I restart?', 'manual-7-6'),
  ask(BG, 'I get dizzy walking the circle', 'manual-5-4', 'manual-7-4'),
  ask(ZZ, 'should I warm up before standing', 'manual-7-2'),
  // The school and study
  ask(PH, 'how should I address my teacher', 'manual-1-2', 'term-shifu'),
  ask(BG, 'what is the fist and palm salute', 'term-baoquan-li', 'manual-1-2'),
  ask(XY, 'how do I keep a training journal', 'manual-8-3'),
  ask(ZZ, 'I feel stuck and I am not making progress', 'manual-8-4'),
  ask(
    ZZ,
    'the daodejing on water and softness',
    'classic-daodejing-8',
    'classic-daodejing-78',
    'classic-daodejing-43',
  ),
  // Off the subject
  offTopic(ZZ, "What's the capital of France?"),
  offTopic(XY, 'best pizza nearby'),
  offTopic(BG, 'Can you help me debug my python code?'),
  offTopic(PH, 'who won the world cup in 2022'),
  offTopic(ZZ, "what's the weather tomorrow"),
  offTopic(XY, 'recommend a good movie for tonight'),
  offTopic(BG, 'how much does a used car cost'),
  offTopic(PH, '法国的首都是哪里'),
  // The tutor itself
  aboutTutor(ZZ, 'are you a real person?'),
  aboutTutor(PH, 'Am I talking to a human teacher or a bot?'),
];
