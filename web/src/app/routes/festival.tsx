import { CommentsSection } from '../../features/comments/components/comments-section';
import '../../features/comments/components/comments.css';
import { SignInButton } from '../../features/auth/components/sign-in-button';
import { FestivalDetailScreen } from '../../features/festival-detail/components/festival-detail-screen';
import '../../features/festival-detail/components/festival-detail.css';
import { GallerySection } from '../../features/gallery/components/gallery-section';
import '../../features/gallery/components/gallery.css';

/** The page composes the detail, gallery and comments features. */
export function FestivalRoute() {
  return (
    <FestivalDetailScreen
      renderGallery={(festival) => <GallerySection festival={festival} />}
      renderComments={(festival, onChange, editionYear) => <CommentsSection festival={festival} editionYear={editionYear} onChange={onChange} signIn={<SignInButton />} />}
    />
  );
}
