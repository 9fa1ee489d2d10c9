import { useState, type ImgHTMLAttributes } from 'react';
import { defaultFestivalImage, festivalImage, type ImageSource } from '../../lib/festival-image';
import type { Festival } from '#core/response-schemas';
import { CARD_IMAGE_SIZES } from './card-image-sizes';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> & {
  festival: Pick<Festival, 'id' | 'image_url'>;
};

/** A festival's picture with its fallbacks (a stock image by id modulo 7 when it has none); a broken image falls back to the default artwork. */
export function FestivalImage({ festival, alt = '', sizes = CARD_IMAGE_SIZES, ...rest }: Props) {
  const [failed, setFailed] = useState(false);
  const source = failed ? defaultFestivalImage : festivalImage(festival);
  return (
    <SourcedPicture
      {...rest}
      source={source}
      alt={alt}
      sizes={sizes}
      width={800}
      height={450}
      onError={() => setFailed(true)}
    />
  );
}

type StockProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'srcSet'> & {
  festival: Pick<Festival, 'id' | 'image_url'>;
  src: string;
};

/** The stock artwork of a festival without its own image, in AVIF or WebP where the browser takes them. */
export function StockPicture({ festival, src, ...rest }: StockProps) {
  return <SourcedPicture {...rest} source={{ ...festivalImage(festival), src }} />;
}

/**
 * An <img>, inside a <picture> when the source has AVIF and WebP sets. A picture asked for first
 * (`fetchPriority="high"`, the first cards, the page's largest paint) is drawn decoded in the very
 * frame that first shows its card; the others are decoded off that frame, so scrolling never waits.
 */
function SourcedPicture({
  source,
  sizes,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> & { source: ImageSource }) {
  const decoding = rest.fetchPriority === 'high' ? 'sync' : 'async';
  const img = (
    <img
      {...rest}
      src={source.src}
      srcSet={source.srcSet}
      sizes={source.srcSet ? sizes : undefined}
      decoding={decoding}
    />
  );
  if (!source.sources?.length) return img;
  return (
    <picture className="photo-picture">
      {source.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
