import { useState, type ImgHTMLAttributes } from 'react';
import { defaultFestivalImage, festivalImage } from '../../lib/festival-image';
import type { Festival } from '#core/response-schemas';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> & {
  festival: Pick<Festival, 'id' | 'image_url'>;
};

/** A festival's picture with its fallbacks (a stock image by id modulo 7 when it has none); a broken image falls back to the default artwork. */
export function FestivalImage({ festival, alt = '', sizes = '(max-width: 640px) 100vw, 400px', ...rest }: Props) {
  const [failed, setFailed] = useState(false);
  const source = failed ? defaultFestivalImage : festivalImage(festival);
  return (
    <img
      {...rest}
      alt={alt}
      src={source.src}
      srcSet={source.srcSet}
      sizes={source.srcSet ? sizes : undefined}
      width={800}
      height={450}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
