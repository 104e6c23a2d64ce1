/** The bucket the upload benchmark's app keeps its media in, on the s3rver target (which takes any key pair). */
export const BENCH_BUCKET = {
  S3_BUCKET: 'kwoon-bench',
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
};
