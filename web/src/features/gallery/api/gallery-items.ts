import type { MediaType } from '#core/types';
import { mediaUrl } from '../../../lib/api-client';
import { festivalImage, festivalImageLarge } from '../../../lib/festival-image';
import type { Festival, ImageInfo, Media } from '#core/response-schemas';

/** One picture or video of the gallery: a community upload or the festival's own image. */
export interface GalleryItem {
  key: string;
  /** The media id; null for the festival's own image (it cannot be voted or reported). */
  mediaId: number | null;
  /** Used for the download name festival-photo-{id}.jpg. */
  downloadId: number;
  type: MediaType;
  url: string;
  /** A smaller picture for the grid. */
  thumb: string;
  /** Size, placeholder and resized copies of a stored photo; null for videos, external images and the stock artwork. */
  image: ImageInfo | null;
  caption: string | null;
  comment: string | null;
  rating: number;
  votesCount: number;
  userRating: number | null;
  uploadedAt: string | null;
  uploader: string | null;
}

export type GallerySort = 'recent' | 'highest' | 'lowest';
export type GalleryFilter = 'all' | 'image' | 'video';

/** The festival's own image is always first, with rating 5. */
export function ownImageItem(festival: Festival & { image?: ImageInfo | null }): GalleryItem {
  return {
    key: `festival-${festival.id}`,
    mediaId: null,
    downloadId: festival.id,
    type: 'image',
    url: festivalImageLarge(festival),
    thumb: festivalImage(festival).src,
    image: festival.image ?? null,
    caption: festival.name,
    comment: null,
    rating: 5,
    votesCount: 0,
    userRating: null,
    uploadedAt: null,
    uploader: null,
  };
}

export function mediaItem(m: Media): GalleryItem {
  return {
    key: `media-${m.id}`,
    mediaId: m.id,
    downloadId: m.id,
    type: m.type,
    url: mediaUrl(m.url) ?? m.url,
    thumb: mediaUrl(m.url) ?? m.url,
    image: m.type === 'image' ? (m.image ?? null) : null,
    caption: m.caption,
    comment: m.comment,
    rating: m.rating ?? 0,
    votesCount: m.votesCount ?? 0,
    userRating: m.userRating ?? null,
    uploadedAt: m.uploaded_at,
    uploader: m.User?.name ?? null,
  };
}

const time = (s: string | null) => (s ? Date.parse(s) || 0 : 0);

/** Sorted and filtered community items, with the festival's own image kept first. */
export function arrangeGallery(
  own: GalleryItem,
  media: GalleryItem[],
  sort: GallerySort,
  filter: GalleryFilter,
): GalleryItem[] {
  const list = media.filter((m) => filter === 'all' || m.type === filter);
  list.sort((a, b) => {
    if (sort === 'highest') return b.rating - a.rating || time(b.uploadedAt) - time(a.uploadedAt);
    if (sort === 'lowest') return a.rating - b.rating || time(b.uploadedAt) - time(a.uploadedAt);
    return time(b.uploadedAt) - time(a.uploadedAt);
  });
  return filter === 'video' ? list : [own, ...list];
}
