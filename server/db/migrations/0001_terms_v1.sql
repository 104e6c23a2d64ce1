CREATE UNIQUE INDEX "terms_acceptances_active_key" ON "terms_acceptances" USING btree ("user_id","version") WHERE "terms_acceptances"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "terms_versions_one_current_key" ON "terms_versions" USING btree ("is_current") WHERE "terms_versions"."is_current";--> statement-breakpoint
INSERT INTO "terms_versions" ("version", "effective_date", "content", "is_current") VALUES ('1.0', '2025-07-14', $terms$Terms of Service

Effective date: 07/14/2025
Version 1.0

These Terms of Service ("Terms") govern your use of Kwoon, the website and e-learning platform of our nonprofit school of Chinese internal martial arts (the "School", "we", "us"). The School teaches Xingyiquan, Taijiquan and Baguazhang through in-person classes, workshops and online courses. Please read these Terms carefully.

1. Acceptance of these Terms

By creating an account, signing in or using the platform, you agree to these Terms. If you do not agree, please do not use the platform. When we publish a new version of the Terms, you will be asked to accept it before you continue to use the learning area.

2. Your account

You must give accurate information when you sign up and keep it up to date. You are responsible for keeping your password and security answers private and for everything done under your account. Tell us at once if you believe someone else has used your account. Accounts are personal and may not be shared or transferred.

3. Health, safety and assumption of risk

Martial arts training is physical activity. It involves movement, balance, stretching, standing practice, partner work and, in some classes, contact. Like any physical activity it carries a risk of strain, injury or other harm.

Before you begin, consider consulting a physician, especially if you are pregnant, have a medical condition, an injury, or have not exercised recently. Train within your own limits, stop if you feel pain, dizziness or discomfort, and follow your instructor's directions. When you practise from online lessons, choose a safe space free of obstacles and never train with a partner beyond what a lesson describes.

You take part in classes, workshops and online practice voluntarily and you accept the risks that come with physical training. To the fullest extent the law allows, the School, its instructors and volunteers are not liable for injury or loss arising from your training, except where caused by our gross negligence or wilful misconduct.

4. Classes and workshops

In-person classes and workshops are held at the times and places published on our website. We may change or cancel a session, for example because of weather or instructor illness, and will tell booked participants as early as we can. The first week of in-person classes is free for new students.

5. Online courses and payment

Online courses are sold as one-time payments, charged by card through our payment provider. A purchase gives you lifetime access to that course for personal, non-commercial study for as long as the platform is operated. There are no subscriptions and no recurring charges.

All sales are final and we do not give refunds, except as stated in the 30-day money-back guarantee shown on a course page. Where a course page shows that guarantee, you may ask for your money back within 30 days of purchase by contacting support.

Course videos, texts, quizzes and other materials belong to the School or its instructors. You may not copy, download for redistribution, resell or publicly share them.

6. Community and messaging

The community area and direct messages exist so that students can learn together. Be respectful and kind. Do not harass, threaten, insult or discriminate against anyone; do not send spam, advertising or unlawful content; do not share other people's personal information without their consent. You choose whether your profile, progress and courses are public or private, and whether others may message you.

We may remove content and hide, restrict or deactivate accounts that break these rules. Administrators may delete a conversation for everyone when needed to keep the community safe.

7. AI Sifu, the AI tutor

AI Sifu answers questions about the School's curriculum. Its answers are generated automatically and are guidance for your study only. They can be incomplete or wrong, and they are not medical, health or safety advice. For any health question, or if you have pain or an injury, ask a qualified medical professional; for questions about technique, ask your instructor.

8. Privacy

We collect only what we need to run the School and the platform: your account and profile details, your course progress, your messages and your payment records (card details are handled by our payment provider and never stored by us). We use this information to provide the service, to communicate with you and to keep the platform secure. We do not sell your personal information. Your privacy settings control what other students can see about you.

9. Account deactivation and deletion

You may deactivate your account at any time from your account settings; an administrator can reactivate it. To have your account and personal data deleted, contact support. Deletion requests are processed within 3-5 business days. We may keep records that the law requires us to keep, such as payment records.

We may suspend or close an account that breaks these Terms.

10. Changes to these Terms

We may update these Terms from time to time. Each version has a version number and an effective date. When the Terms change, we will ask you to accept the new version the next time you use the platform. If you do not accept it, you may stop using the platform and ask us to delete your account.

11. Disclaimer

The platform and its content are provided "as is". We work to keep it available and accurate but cannot promise that it will always be uninterrupted or free of errors.

12. Contact

Questions about these Terms, refunds, your account or your personal data can be sent to us through the Support page in the learning area or the contact details on our website.$terms$, true);
