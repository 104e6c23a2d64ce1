import type { BannerArt } from './blog-banners';

/** A demo post; `daysAgo` places its publication (a draft's creation) before the seed's moment. */
export interface SeedBlogPost {
  slug: string;
  title: string;
  excerpt: string;
  meta_description: string;
  author: string;
  status: 'draft' | 'published';
  daysAgo: number;
  tags: string[];
  banner: BannerArt;
  content: string;
  /** A demo video (server/db/seed/demo-videos) shown in the post's gallery. */
  video?: { name: string; caption: string };
}

export const DEMO_BLOG_POSTS: readonly SeedBlogPost[] = [
  {
    slug: 'why-every-class-begins-with-standing',
    title: 'Why Every Class Begins with Standing',
    excerpt:
      'Before a single step or strike, our classes start with zhan zhuang. Here is what standing still teaches the body, and why beginners and senior students alike keep coming back to it.',
    meta_description:
      'Zhan zhuang standing practice at Redwood Internal Arts: what it trains and how to begin.',
    author: 'Sifu Lin Wei',
    status: 'published',
    daysAgo: 150,
    tags: ['qigong', 'practice', 'beginners'],
    banner: 'mountains',
    content: `<p>Visitors to our Santa Rosa hall are often surprised that class begins with ten minutes of doing, apparently, nothing. Students stand with knees softly bent and arms rounded as if holding a large ball. This is <strong>zhan zhuang</strong>, “standing like a post”, and it is the root of everything we teach.</p>
<h2>What standing trains</h2>
<ul>
<li><strong>Alignment.</strong> The weight settles through the bones rather than the muscles, so the body learns where its load really travels.</li>
<li><strong>Relaxation under load.</strong> Holding a posture for minutes shows exactly where we brace without need.</li>
<li><strong>Breath.</strong> Slow, low breathing comes by itself once the shoulders drop.</li>
<li><strong>Attention.</strong> Standing is the quietest way to notice the whole body at once.</li>
</ul>
<blockquote>“If you want to know the taste of a pear, you must change the pear by eating it yourself.” Stand, and you will know.</blockquote>
<h2>How to begin at home</h2>
<ol>
<li>Stand with the feet shoulder-width apart, toes forward.</li>
<li>Unlock the knees and let the hips sit back a little, as if perching on a high stool.</li>
<li>Raise the arms to chest height, elbows lower than the wrists.</li>
<li>Stay for three minutes. Add a minute each week.</li>
</ol>
<p>Discomfort in the thighs is normal; sharp pain is not. Come to any weekday class between noon and eight and we will check your posture.</p>`,
  },
  {
    slug: 'the-five-elements-of-xingyiquan',
    title: 'The Five Elements of Xingyiquan',
    excerpt:
      'Splitting, drilling, crushing, pounding and crossing: the five fists of Xingyiquan are short to learn and a lifetime to refine. A look at each one and how they feed each other.',
    meta_description:
      'An introduction to the five element fists of Xingyiquan: Pi, Zuan, Beng, Pao and Heng.',
    author: 'Sifu Maria Alvarez',
    status: 'published',
    daysAgo: 118,
    tags: ['xingyiquan', 'history', 'practice'],
    banner: 'elements',
    content: `<p>Xingyiquan is built on <em>wu xing</em>, the five phases of classical Chinese thought. Each phase gives its name to one fist, practised in straight lines from the <strong>san ti</strong> posture.</p>
<h2>The five fists</h2>
<table>
<thead><tr><th>Fist</th><th>Element</th><th>Character</th></tr></thead>
<tbody>
<tr><td>Pi Quan</td><td>Metal</td><td>Splitting, like an axe falling</td></tr>
<tr><td>Zuan Quan</td><td>Water</td><td>Drilling, like a spring rising</td></tr>
<tr><td>Beng Quan</td><td>Wood</td><td>Crushing, like an arrow released</td></tr>
<tr><td>Pao Quan</td><td>Fire</td><td>Pounding, like a cannon firing</td></tr>
<tr><td>Heng Quan</td><td>Earth</td><td>Crossing, round and full</td></tr>
</tbody>
</table>
<h3>Creation and destruction</h3>
<p>The elements create one another (metal holds water, water feeds wood) and overcome one another (metal cuts wood). Partner drills use these cycles to teach which fist answers which attack.</p>
<blockquote>Xingyi is plain on the outside. All its subtlety is in how the whole body arrives at once.</blockquote>
<p>Our intermediate class works one element a month; beginners start with Pi Quan and san ti.</p>`,
  },
  {
    slug: 'walking-the-circle-an-introduction-to-baguazhang',
    title: 'Walking the Circle: An Introduction to Baguazhang',
    excerpt:
      'Baguazhang students spend hours walking in circles. Far from aimless, circle walking builds the footwork, twisting power and calm focus that make the art distinctive.',
    meta_description: 'Circle walking, mud-wading steps and palm changes: how Baguazhang training begins.',
    author: 'Sifu Zhao Ming',
    status: 'published',
    daysAgo: 84,
    tags: ['baguazhang', 'beginners', 'practice'],
    banner: 'circle',
    video: { name: 'bagua-single-palm-change', caption: 'The single palm change, walked slowly' },
    content: `<p>Baguazhang, “eight trigram palm”, was shaped in nineteenth-century Beijing by Dong Haichuan. Its signature practice is <strong>zhuan zhang</strong>: walking a circle while the upper body holds a posture turned towards its centre.</p>
<h2>The mud-wading step</h2>
<p>The foot travels low and level, as if sliding through shallow mud, and lands flat. It trains balance on one leg and keeps the step ready to change direction at any moment.</p>
<h2>Changing direction</h2>
<p>The <em>kou bu</em> (hooking step) and <em>bai bu</em> (swinging step) let the walker turn inside or outside the circle without losing the centre. From them come the palm changes, beginning with the single palm change shown in the video below.</p>
<blockquote>Walk the circle ten thousand times, and the circle begins to walk you.</blockquote>
<ul>
<li>Start with eight steps around a small circle, then change.</li>
<li>Keep the eyes on the index finger of the leading hand.</li>
<li>Let the waist do the turning; the arms only follow.</li>
</ul>`,
  },
  {
    slug: 'push-hands-is-a-conversation',
    title: 'Push Hands Is a Conversation',
    excerpt:
      'Tui shou is not a contest of strength. In push hands two partners listen to each other through the arms, and the one who listens better keeps their balance.',
    meta_description: 'What Taijiquan push hands practice is, and how to approach it as a beginner.',
    author: 'Sifu Lin Wei',
    status: 'published',
    daysAgo: 52,
    tags: ['taijiquan', 'practice'],
    banner: 'spirals',
    content: `<p>Push hands (<strong>tui shou</strong>) is where the slow forms of Taijiquan meet another person. Partners keep light contact at the wrists and take turns advancing and yielding.</p>
<h2>Four words to remember</h2>
<ol>
<li><strong>Stick</strong>: keep contact without pressing.</li>
<li><strong>Adhere</strong>: follow when the partner moves away.</li>
<li><strong>Connect</strong>: move as one unit with them.</li>
<li><strong>Follow</strong>: never lead with force, never lose the thread.</li>
</ol>
<blockquote>Use four ounces to deflect a thousand pounds.</blockquote>
<p>In our classes newcomers begin with single-hand circles, then two hands, then fixed-step patterns. Competition comes much later, if at all; the skill we are after is <em>ting jin</em>, listening energy.</p>`,
  },
  {
    slug: 'a-short-history-of-the-three-internal-arts',
    title: 'A Short History of the Three Internal Arts',
    excerpt:
      'Xingyiquan, Taijiquan and Baguazhang grew up in different villages and cities, yet by the early twentieth century they were taught side by side as the internal arts. How did that happen?',
    meta_description:
      'How Xingyiquan, Taijiquan and Baguazhang came to be grouped as the Chinese internal arts.',
    author: 'Sifu Zhao Ming',
    status: 'published',
    daysAgo: 21,
    tags: ['history', 'xingyiquan', 'taijiquan', 'baguazhang'],
    banner: 'pine',
    content: `<p>The phrase <em>neijia quan</em>, “internal family boxing”, is older than any of the three arts we teach, but its modern meaning took shape in the 1890s and 1920s.</p>
<h2>Three lineages</h2>
<ul>
<li><strong>Taijiquan</strong> traces its documented roots to the Chen family village in Henan, spreading to Beijing with Yang Luchan in the mid-1800s.</li>
<li><strong>Xingyiquan</strong> descends from Ji Longfeng’s spear-based boxing, carried through Shanxi and Hebei.</li>
<li><strong>Baguazhang</strong> appeared in Beijing with Dong Haichuan, whose students often came from other arts.</li>
</ul>
<h2>Meeting in the capital</h2>
<p>Teachers of the three arts trained and exchanged in Beijing and Tianjin. Sun Lutang, who mastered all three, wrote books in the 1910s and 1920s that presented them as one family sharing principles: stillness within movement, whole-body power and the cultivation of <em>qi</em>.</p>
<blockquote>The boxing arts differ in form; their principle is one.</blockquote>
<p>Our curriculum follows that view: standing and Xingyi for structure, Taiji for sensitivity, Bagua for change.</p>`,
  },
  {
    slug: 'preparing-for-the-spring-intensive',
    title: 'Preparing for the Spring Intensive',
    excerpt:
      'A weekend of Taijiquan fundamentals for newcomers and returning students: what to bring, how to prepare, and what we will cover each day.',
    meta_description:
      'Our spring Taijiquan intensive in Santa Rosa: schedule, preparation and what to bring.',
    author: 'Sifu Lin Wei',
    status: 'draft',
    daysAgo: 3,
    tags: ['taijiquan', 'beginners'],
    banner: 'blossom',
    content: `<p>Our spring intensive runs over one weekend at 1120 Sebastopol Road. Numbers are kept small so every student gets corrections.</p>
<h2>What to bring</h2>
<ul>
<li>Flat, flexible shoes</li>
<li>Loose clothing and a layer for the morning</li>
<li>Water and a notebook</li>
</ul>
<p>Questions? Write to hello@redwoodinternalarts.org or call (707) 555-0142.</p>`,
  },
];
