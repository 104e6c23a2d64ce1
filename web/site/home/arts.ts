/** The three arts the school teaches, as the landing and about pages introduce them. */
export const ARTS = [
  {
    id: 'xingyiquan',
    name: 'Xingyiquan',
    chinese: '形意拳',
    summary:
      'Form and intent. Direct, linear and explosive, built on the San Ti stance and the Five Elements fists: the most practical of the three for a beginner who wants to feel power early.',
  },
  {
    id: 'taijiquan',
    name: 'Taijiquan',
    chinese: '太極拳',
    summary:
      'Softness that overcomes hardness. Slow forms train balance and whole-body connection; push hands teaches listening to a partner and yielding without collapsing.',
  },
  {
    id: 'baguazhang',
    name: 'Baguazhang',
    chinese: '八卦掌',
    summary:
      'Eight trigram palm. Students walk the circle, turning and changing palms, to build legs, waist and the footwork to step around an opponent rather than through them.',
  },
] as const;
