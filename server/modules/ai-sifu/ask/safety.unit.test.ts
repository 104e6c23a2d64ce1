import { describe, expect, it } from 'vitest';
import { isSafetyQuestion } from './safety';

describe('the safety question check', () => {
  it.each([
    'my knee hurts after standing',
    'I get knee pain in santi shi',
    'Is it painful to hold the ball this long?',
    'I sprained my ankle last week',
    'I strained my back in push hands',
    "I'm pregnant, can I still stand?",
    'should I see a doctor about my shoulder',
    'I have high blood pressure',
    'I feel dizzy walking the circle',
    'I fainted during practice',
    'chest pain and shortness of breath in class',
    'I have a fever, can I train?',
    'my wrist is swollen',
    'numbness in my fingers when holding the ball',
    'training after knee surgery',
  ])('reads "%s" as about injury, pain or health', (question) => {
    expect(isSafetyQuestion(question)).toBe(true);
  });

  it.each([
    'painting hands in the single palm change',
    'a painstaking approach to santi shi',
    'a faint sense of warmth in the hands',
    'how do I stand without straining?',
    'knee alignment over the toes in bow stance',
    'the back stance in xingyi',
    'how to tear down an opponent’s structure',
    'what does song mean',
    'the operation of the waist in push hands',
    'hospitality in the training hall',
  ])('reads "%s" as an ordinary training question', (question) => {
    expect(isSafetyQuestion(question)).toBe(false);
  });
});
