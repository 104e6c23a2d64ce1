CREATE TABLE "news" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"body" text NOT NULL,
	"author_name" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"thumbnail_url" text,
	"is_important" boolean DEFAULT false NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(body, '')), 'C')) STORED,
	CONSTRAINT "news_status_check" CHECK ("news"."status" in ('published', 'draft'))
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"text" text NOT NULL,
	"chinese" text DEFAULT '' NOT NULL,
	"author" text NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_category_check" CHECK ("quotes"."category" in ('transformation', 'martial_arts', 'combat', 'inner_alchemy', 'war'))
);
--> statement-breakpoint
CREATE INDEX "news_status_created_idx" ON "news" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "news_tags_idx" ON "news" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "news_search_idx" ON "news" USING gin ("search");--> statement-breakpoint
CREATE INDEX "quotes_category_idx" ON "quotes" USING btree ("category","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The quotes every school starts with; administrators edit them from then on.
INSERT INTO "quotes" ("text", "chinese", "author", "source", "category") VALUES
	('Knowing others is intelligence; knowing yourself is true wisdom. Mastering others is strength; mastering yourself is true power.', '知人者智，自知者明。胜人者有力，自胜者强。', 'Laozi', 'Daodejing, chapter 33', 'transformation'),
	('A journey of a thousand miles begins beneath one''s feet.', '千里之行，始于足下。', 'Laozi', 'Daodejing, chapter 64', 'transformation'),
	('The highest good is like water. Water benefits all things and does not contend.', '上善若水。水善利万物而不争。', 'Laozi', 'Daodejing, chapter 8', 'transformation'),
	('Nothing in the world is softer or weaker than water, yet for attacking the hard and strong nothing can surpass it.', '天下莫柔弱于水，而攻坚强者莫之能胜。', 'Laozi', 'Daodejing, chapter 78', 'martial_arts'),
	('The softest thing in the world gallops through the hardest.', '天下之至柔，驰骋天下之至坚。', 'Laozi', 'Daodejing, chapter 43', 'martial_arts'),
	('When people are born they are soft and supple; when they die they are hard and stiff.', '人之生也柔弱，其死也坚强。', 'Laozi', 'Daodejing, chapter 76', 'inner_alchemy'),
	('Attain the utmost emptiness; hold fast to stillness.', '致虚极，守静笃。', 'Laozi', 'Daodejing, chapter 16', 'inner_alchemy'),
	('Concentrating the breath until it is supple, can you be like an infant?', '专气致柔，能如婴儿乎？', 'Laozi', 'Daodejing, chapter 10', 'inner_alchemy'),
	('Heaviness is the root of lightness; stillness is the master of agitation.', '重为轻根，静为躁君。', 'Laozi', 'Daodejing, chapter 26', 'inner_alchemy'),
	('The good warrior is not warlike; the good fighter does not become angry.', '善为士者不武，善战者不怒。', 'Laozi', 'Daodejing, chapter 68', 'combat'),
	('Know the enemy and know yourself, and in a hundred battles you will not be in danger.', '知彼知己，百战不殆。', 'Sunzi', 'The Art of War, chapter 3 (Attack by Stratagem)', 'war'),
	('To subdue the enemy''s army without fighting is the highest excellence.', '不战而屈人之兵，善之善者也。', 'Sunzi', 'The Art of War, chapter 3 (Attack by Stratagem)', 'war'),
	('All warfare is based on deception.', '兵者，诡道也。', 'Sunzi', 'The Art of War, chapter 1 (Laying Plans)', 'war'),
	('Swift as the wind, measured as the forest, raiding like fire, unmoving as the mountain.', '其疾如风，其徐如林，侵掠如火，不动如山。', 'Sunzi', 'The Art of War, chapter 7 (Manoeuvring)', 'war'),
	('An army has no constant formation, as water has no constant shape.', '兵无常势，水无常形。', 'Sunzi', 'The Art of War, chapter 6 (Weak Points and Strong)', 'war'),
	('The victorious army wins first and then seeks battle; the defeated army fights first and then seeks victory.', '胜兵先胜而后求战，败兵先战而后求胜。', 'Sunzi', 'The Art of War, chapter 4 (Tactical Dispositions)', 'war'),
	('Attack where he is unprepared; appear where you are not expected.', '攻其无备，出其不意。', 'Sunzi', 'The Art of War, chapter 1 (Laying Plans)', 'combat'),
	('Lead him in to land on emptiness, then close and issue; stick, connect, adhere and follow, never letting go and never resisting.', '引进落空合即出，粘连黏随不丢顶。', 'Traditional', 'Song of Pushing Hands (Dashou Ge)', 'combat'),
	('Draw him in with four ounces to deflect a thousand pounds.', '牵动四两拨千斤。', 'Traditional', 'Song of Pushing Hands (Dashou Ge)', 'martial_arts'),
	('When the opponent is hard and I am soft, it is called yielding; when I follow and he is cornered, it is called sticking.', '人刚我柔谓之走，我顺人背谓之黏。', 'Wang Zongyue', 'Treatise on Taijiquan (Taijiquan Lun)', 'combat'),
	('From mastering the movements one gradually comes to understand jin; from understanding jin one climbs by stages to spiritual clarity.', '由着熟而渐悟懂劲，由懂劲而阶及神明。', 'Wang Zongyue', 'Treatise on Taijiquan (Taijiquan Lun)', 'transformation'),
	('Stand like a balanced scale; move like a turning wheel.', '立如平准，活似车轮。', 'Wang Zongyue', 'Treatise on Taijiquan (Taijiquan Lun)', 'martial_arts'),
	('The root is in the feet, it issues through the legs, is directed by the waist and expressed through the fingers.', '其根在脚，发于腿，主宰于腰，形于手指。', 'Attributed to Zhang Sanfeng', 'Taijiquan Classic (Taijiquan Jing)', 'martial_arts'),
	('In every movement the whole body must be light and nimble, and above all threaded together.', '一举动，周身俱要轻灵，尤须贯串。', 'Attributed to Zhang Sanfeng', 'Taijiquan Classic (Taijiquan Jing)', 'martial_arts'),
	('Move the qi with the mind, and let it sink, so that it can gather into the bones.', '以心行气，务令沉着，乃能收敛入骨。', 'Wu Yuxiang', 'Mental Elucidation of the Thirteen Postures', 'inner_alchemy'),
	('The mind is the command, the qi is the flag, the waist is the banner.', '心为令，气为旗，腰为纛。', 'Wu Yuxiang', 'Mental Elucidation of the Thirteen Postures', 'inner_alchemy'),
	('Use intention, not force.', '用意不用力。', 'Yang Chengfu', 'Ten Essentials of Taijiquan', 'inner_alchemy'),
	('Seek stillness within movement.', '动中求静。', 'Yang Chengfu', 'Ten Essentials of Taijiquan', 'inner_alchemy'),
	('The heart unites with the intention, the intention with the qi, the qi with the strength.', '心与意合，意与气合，气与力合。', 'Traditional', 'The Six Harmonies of Xingyiquan', 'inner_alchemy'),
	('Strike a man as if walking down the road; look at him as if he were a blade of grass.', '打人如走路，看人如蒿草。', 'Traditional', 'Xingyiquan saying', 'combat'),
	('Rise like the wind, fall like an arrow; even knocking him down still feels too slow.', '起如风，落如箭，打倒还嫌慢。', 'Traditional', 'Xingyiquan saying', 'combat'),
	('Ten thousand methods come out of the three-body posture.', '万法出于三体式。', 'Traditional', 'Xingyiquan saying', 'martial_arts'),
	('Walking is the ancestor of a hundred kinds of training.', '走为百练之祖。', 'Traditional', 'Baguazhang saying', 'martial_arts'),
	('Keep what comes, escort what leaves, and when the hand is freed, thrust straight in.', '来留去送，甩手直冲。', 'Traditional', 'Wing Chun maxims (kuen kuit)', 'combat'),
	('Practise forms without training gongfu, and in old age all will be empty.', '练拳不练功，到老一场空。', 'Traditional', 'Chinese martial arts saying', 'martial_arts'),
	('Train in the coldest days of winter and in the hottest days of summer.', '冬练三九，夏练三伏。', 'Traditional', 'Chinese martial arts saying', 'transformation'),
	('Practise a form a thousand times and its principles reveal themselves.', '拳打千遍，其理自现。', 'Traditional', 'Chinese martial arts saying', 'transformation'),
	('To learn and to practise what you have learned in due time: is that not a joy?', '学而时习之，不亦说乎？', 'Confucius', 'Analects 1.1', 'transformation'),
	('When three of us walk together, one of them is surely my teacher.', '三人行，必有我师焉。', 'Confucius', 'Analects 7.22', 'transformation'),
	('To know what you know and to know what you do not know: that is knowledge.', '知之为知之，不知为不知，是知也。', 'Confucius', 'Analects 2.17', 'transformation'),
	('Without accumulating small steps, one cannot reach a thousand li.', '不积跬步，无以至千里。', 'Xunzi', 'An Exhortation to Learning', 'transformation'),
	('When Heaven is about to confer a great charge on someone, it first tries their heart and will, and labours their sinews and bones.', '天将降大任于是人也，必先苦其心志，劳其筋骨。', 'Mencius', 'Mencius, Gaozi II', 'transformation'),
	('I follow the natural pattern, strike in the big hollows, guide the knife through the big openings, and go by what is already so.', '依乎天理，批大郤，导大窾，因其固然。', 'Zhuangzi', 'Zhuangzi, The Secret of Caring for Life (Cook Ding)', 'inner_alchemy');
