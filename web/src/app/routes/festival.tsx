import { lazy, Suspense } from 'react';
import '../../features/comments/components/comments.css';
import { SignInButton } from '../../features/auth/components/sign-in-button';
import { SimilarFestivals } from '../../features/discover/components/similar-festivals';
import { FestivalDetailScreen } from '../../features/festival-detail/components/festival-detail-screen';
import { PlanEntry } from '../../features/plans/components/plan-entry';
import '../../features/plans/components/plans.css';
import '../../features/festival-detail/components/festival-detail.css';
import '../../features/gallery/components/gallery.css';

// The gallery and the comments come after the festival's information, below the first screen: their
// code (the comment and report forms bring the shared zod schemas) loads while the hero is drawn
// instead of before it. Both arrive together, so neither moves the other once drawn (the section
// tabs scroll to them).
let community:
  | Promise<
      [
        typeof import('../../features/gallery/components/gallery-section'),
        typeof import('../../features/comments/components/comments-section'),
      ]
    >
  | undefined;
const loadCommunity = () =>
  (community ??= Promise.all([
    import('../../features/gallery/components/gallery-section'),
    import('../../features/comments/components/comments-section'),
  ]));
const GallerySection = lazy(() => loadCommunity().then(([gallery]) => ({ default: gallery.GallerySection })));
const CommentsSection = lazy(() => loadCommunity().then(([, comments]) => ({ default: comments.CommentsSection })));

/** The page composes the detail, gallery and comments features. */
export function FestivalRoute() {
  return (
    <FestivalDetailScreen
      // A festival with set times starts its plans from 'Mi horario'; without them, from here.
      renderPlans={(festival) =>
        'lineup' in festival &&
        (festival.lineup as { starts_at: string | null }[] | undefined)?.some((e) => e.starts_at) ? null : (
          <PlanEntry festivalId={festival.id} />
        )
      }
      renderSimilar={(festival) => <SimilarFestivals festivalId={festival.id} />}
      renderGallery={(festival) => (
        <Suspense fallback={null}>
          <GallerySection festival={festival} />
        </Suspense>
      )}
      renderComments={(festival, onChange, editionYear) => (
        <Suspense fallback={null}>
          <CommentsSection
            festival={festival}
            editionYear={editionYear}
            onChange={onChange}
            signIn={<SignInButton />}
          />
        </Suspense>
      )}
    />
  );
}
