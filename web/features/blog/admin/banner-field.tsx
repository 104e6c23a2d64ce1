import { memo } from 'react';
import { BANNER_UPLOAD_FAILED_MESSAGE, checkBannerFile } from '../../../../common/blog';
import { ImageUploadField } from '../../../components/image-upload-field';

export interface BannerFieldProps {
  /** The banner's URL; '' when the post has none. */
  value: string;
  onChange: (url: string) => void;
}

/** The post's banner: an image up to 5MB, uploaded with a progress bar, previewed, removable. */
export const BannerField = memo(function BannerField({ value, onChange }: BannerFieldProps) {
  return (
    <ImageUploadField
      target="blog-banners"
      failedMessage={BANNER_UPLOAD_FAILED_MESSAGE}
      label="Banner image"
      name="Banner"
      noun="banner"
      description="An image up to 5MB, shown above the post."
      check={checkBannerFile}
      previewHeight={220}
      uploadedMessage={null}
      value={value}
      onChange={onChange}
    />
  );
});
