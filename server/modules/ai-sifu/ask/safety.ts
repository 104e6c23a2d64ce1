/**
 * Words of injury, pain, illness and medical care. Written as whole words with their endings, so
 * that training words that only begin alike stay out: "painting", "painstaking", "a faint sense of
 * warmth", "strain-free", "back stance", "knee alignment".
 */
const SAFETY_WORDS = new RegExp(
  [
    'injur(y|ies|ed|ing)',
    'pain(s|ful|fully)?',
    'hurts?|hurting',
    'aches?|ached|aching|achy',
    'sore(ness)?',
    'sprain(s|ed)?',
    'strained|pulled (a )?muscle|(muscle|back|neck) strain',
    'torn|tear (in|of) (my|the|a)',
    'swollen|swelling|bruis(e|ed|es|ing)',
    'numb(ness)?|tingling',
    'pregnan(t|cy)',
    'doctors?|physio(therapist)?s?|physiotherapy|chiropractor',
    'medical|medicines?|medications?|painkillers?|surgery|operation on',
    'blood pressure|hypertension|heart (attack|condition|problem|disease)|stroke victim',
    'dizz(y|iness)|fainted|fainting|faintness|fe(el|lt|eling) faint|light-?headed',
    'nause(a|ous)|vomit(ed|ing)?|breathless(ness)?|short(ness)? of breath',
    'fever|flu|ill|illness|sick|concussion|fracture[sd]?|broken (bone|arm|leg|wrist|ankle|toe|finger)',
    'arthritis|asthma|diabetes|osteoporosis|hernia|sciatica|tendinitis|tendonitis',
  ]
    .map((alternative) => `(${alternative})`)
    .join('|')
    .replace(/^/, '\\b(')
    .concat(')\\b'),
  'i',
);

/** Whether a question is about an injury, pain or a medical condition: the answer leads with the school's safety guidance. */
export function isSafetyQuestion(question: string): boolean {
  return SAFETY_WORDS.test(question);
}
