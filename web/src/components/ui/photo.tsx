import { useMemo, type CSSProperties, type ImgHTMLAttributes } from 'react';
import { thumbHashToDataURL } from 'thumbhash';
import { mediaUrl } from '../../lib/api-client';
import type { ImageInfo } from '#core/response-schemas';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height'> & {
  /** The stored photo (served when the browser takes none of the copies, and for 'Descargar'). */
  src: string;
  /** Its size, placeholder and copies, when the server has them. */
  image?: ImageInfo | null;
  /** The box to reserve when the photo's own size is unknown (none: the photo's box once loaded). */
  width?: number;
  height?: number;
  sizes: string;
};

/** A ThumbHash drawn as a data URL, once per hash. */
const placeholders = new Map<string, string>();
function placeholderUrl(hash: string): string | undefined {
  let url = placeholders.get(hash);
  if (url === undefined) {
    try {
      url = thumbHashToDataURL(Uint8Array.from(atob(hash), (c) => c.charCodeAt(0)));
    } catch {
      url = '';
    }
    placeholders.set(hash, url);
  }
  return url || undefined;
}

function srcSet(image: ImageInfo, type: 'image/avif' | 'image/webp'): string {
  return image.sources
    .filter((s) => s.type === type)
    .map((s) => `${mediaUrl(s.url) ?? s.url} ${s.width}w`)
    .join(', ');
}

/**
 * A stored photo as the page should load it: AVIF and WebP copies by width (`sizes` says how wide
 * it is drawn, so a phone takes the small one), its own width and height so the box is reserved
 * before it arrives, and its blurred placeholder behind it meanwhile. Without copies (an external
 * image, a photo not processed yet) it is the plain photo in the reserved box.
 */
export function Photo({ src, image, width, height, sizes, style, loading = 'lazy', ...rest }: Props) {
  const placeholder = image ? placeholderUrl(image.placeholder) : undefined;
  const background: CSSProperties | undefined = useMemo(
    () =>
      placeholder
        ? { backgroundImage: `url(${placeholder})`, backgroundSize: 'cover', backgroundPosition: 'center' }
        : undefined,
    [placeholder],
  );
  const img = (
    <img
      {...rest}
      src={src}
      width={image?.width ?? width}
      height={image?.height ?? height}
      sizes={image?.sources.length ? sizes : undefined}
      loading={loading}
      decoding="async"
      style={{ ...background, ...style }}
    />
  );
  if (!image?.sources.length) return img;
  return (
    <picture className="photo-picture">
      <source type="image/avif" srcSet={srcSet(image, 'image/avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(image, 'image/webp')} sizes={sizes} />
      {img}
    </picture>
  );
}
