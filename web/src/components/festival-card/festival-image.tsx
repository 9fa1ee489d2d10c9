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
  return <SourcedPicture {...rest} source={source} alt={alt} sizes={sizes} width={800} height={450} onError={() => setFailed(true)} />;
}

type StockProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'srcSet'> & { festival: Pick<Festival, 'id' | 'image_url'>; src: string };

/** The stock artwork of a festival without its own image, in AVIF or WebP where the browser takes them. */
export function StockPicture({ festival, src, ...rest }: StockProps) {
  return <SourcedPicture {...rest} source={{ ...festivalImage(festival), src }} />;
}

/** An <img>, inside a <picture> when the source has AVIF and WebP sets. */
function SourcedPicture({ source, sizes, ...rest }: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> & { source: ImageSource }) {
  const img = <img {...rest} src={source.src} srcSet={source.srcSet} sizes={source.srcSet ? sizes : undefined} decoding="async" />;
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
