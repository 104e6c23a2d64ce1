import type { TestimonialStatus } from '../../../common/testimonials';
import type { Db, Tx } from '../client';
import { testimonials } from '../schema';

interface DemoTestimonial {
  student_name: string;
  student_location: string;
  instructor_context: string;
  testimonial_text: string;
  status: TestimonialStatus;
  is_featured: boolean;
  /** How long before the seed's "now" it was submitted. */
  days_ago: number;
}

/** Students of the demo school in their own words; no photos, so the carousel shows initials. */
export const DEMO_TESTIMONIALS: DemoTestimonial[] = [
  {
    student_name: 'Linda Marsh',
    student_location: 'Santa Rosa, CA',
    instructor_context: 'Taijiquan with Sifu Lin Wei, two years',
    testimonial_text:
      'I started Taijiquan at 61 because my orthopedist suggested something gentle for my knees. Sifu Lin Wei spent the first month on how I stand and how I shift my weight, and that changed everything: the stairs at home no longer hurt, and I walk the Laguna trail again without a brace. The class is patient, nobody is rushed, and I leave every Tuesday calmer than I arrived.',
    status: 'approved',
    is_featured: true,
    days_ago: 12,
  },
  {
    student_name: 'Marcus Bell',
    student_location: 'Petaluma, CA',
    instructor_context: 'Xingyiquan with Sifu Maria Alvarez, eight months',
    testimonial_text:
      "After ten years of boxing I thought I knew how to hit. Sifu Maria showed me in one evening of san ti shi that I had been punching with my shoulders. Xingyi's five fists are simple to learn and take years to do well, and her corrections are precise without being harsh. My power comes from the ground now, and my old shoulder injury has stopped flaring up.",
    status: 'approved',
    is_featured: true,
    days_ago: 20,
  },
  {
    student_name: 'Priya Raman',
    student_location: 'Sebastopol, CA',
    instructor_context: 'Baguazhang with Sifu Zhao Ming, one year',
    testimonial_text:
      'Circle walking looked easy from the outside. Twenty minutes of mud-wading steps later, my legs were shaking and my mind was quieter than it had been in years. As a nurse on night shifts I carry a lot of stress; Sifu Zhao taught me a ten-minute walking practice I now do before every shift. My balance has improved enough that my yoga teacher asked what I had changed.',
    status: 'approved',
    is_featured: true,
    days_ago: 34,
  },
  {
    student_name: 'Tom Hadley',
    student_location: 'Healdsburg, CA',
    instructor_context: 'Push hands with Sifu Lin Wei',
    testimonial_text:
      'I came to my first push-hands class expecting a contest and found a conversation. Sifu Lin Wei paired me with a student half my size who moved me off my feet every time I leaned in. Learning to listen to a partner instead of pushing harder has been humbling and a great deal of fun, and it has made me a better listener at work too.',
    status: 'approved',
    is_featured: true,
    days_ago: 47,
  },
  {
    student_name: 'Ana Gutierrez',
    student_location: 'Rohnert Park, CA',
    instructor_context: 'Zhan Zhuang standing practice, online course',
    testimonial_text:
      'I work long hours at a desk and could never make time for classes across town, so I began with the standing meditation course online. The videos from the front and the side made it easy to check my posture in a mirror. Six weeks of fifteen minutes a morning, and the ache between my shoulder blades is gone. I have signed up for the first free week of in-person classes.',
    status: 'approved',
    is_featured: false,
    days_ago: 58,
  },
  {
    student_name: 'David Chen',
    student_location: 'Windsor, CA',
    instructor_context: 'Xingyiquan and Taijiquan, three years',
    testimonial_text:
      'What keeps me coming back is that the school teaches the arts as they are, without mysticism and without shortcuts. Xingyi with Sifu Maria gives me structure and drive; Taiji with Sifu Lin softens it. After three years my posture is better than it was at thirty, and my blood pressure readings have come down enough that my doctor noticed.',
    status: 'approved',
    is_featured: false,
    days_ago: 73,
  },
  {
    student_name: 'Hannah Okafor',
    student_location: 'Sonoma, CA',
    instructor_context: 'Baguazhang with Sifu Zhao Ming, six months',
    testimonial_text:
      'I had a bad fall two winters ago and lost confidence on uneven ground. Baguazhang trains you to turn and change direction without losing your centre, and Sifu Zhao adapts every drill to what your body can do that day. I can walk down the hill to the Plaza without gripping the railing now, which I did not expect to say again.',
    status: 'approved',
    is_featured: false,
    days_ago: 95,
  },
  {
    student_name: 'Gabriel Santos',
    student_location: 'Napa, CA',
    instructor_context: 'Weekend Taijiquan workshop',
    testimonial_text:
      'I drove over from Napa for a Saturday workshop on the Yang style opening sequence and stayed for the whole series. The group was small, eight of us, so Sifu Lin corrected each person several times an hour. It is the first martial art I have practised where slowing down made me stronger, and my tennis footwork has improved as an unexpected bonus.',
    status: 'approved',
    is_featured: false,
    days_ago: 120,
  },
  {
    student_name: 'Rachel Kim',
    student_location: 'Cotati, CA',
    instructor_context: 'Xingyiquan beginners class, first month',
    testimonial_text:
      "One month in, and I already look forward to Thursday evenings more than anything else in my week. Sifu Maria's explanation of the six harmonies finally made sense of why my stance kept collapsing. The first free week took away any worry about committing, and the other students made me feel welcome from the first night.",
    status: 'pending',
    is_featured: false,
    days_ago: 2,
  },
  {
    student_name: 'Walter Jensen',
    student_location: 'Guerneville, CA',
    instructor_context: 'Taijiquan for balance, seniors class',
    testimonial_text:
      'At 78 I was told to find something for balance before I had another fall. The seniors class moves slowly, the chairs are always there if you need one, and nobody makes you feel old. After four months I can stand on one leg to put my socks on again. My daughter says I stand up straighter, and I think she is right.',
    status: 'pending',
    is_featured: false,
    days_ago: 1,
  },
];

const DAY = 24 * 60 * 60 * 1000;

/** Runs inside seedDemo's transaction, once, on a database without users. */
export async function seedDemoTestimonials(db: Db | Tx, now: Date): Promise<void> {
  await db.insert(testimonials).values(
    DEMO_TESTIMONIALS.map(({ days_ago, ...row }) => {
      const at = new Date(now.getTime() - days_ago * DAY);
      return {
        ...row,
        submitted_at: at,
        // Approved a day after it came in.
        approved_at: row.status === 'approved' ? new Date(at.getTime() + DAY) : null,
        updated_at: at,
      };
    }),
  );
}
