import { useCallback, useEffect, useRef, useState } from 'react';
import { imageFileError, MAX_IMAGES_PER_FESTIVAL, TOO_MANY_IMAGES_MESSAGE } from '#core/community-schemas';
import { uploadProposalImage } from '../api/upload-image';

export interface ProposalImage {
  id: string;
  file: File;
  preview: string;
  /** 0-1 while uploading. */
  progress: number;
  state: 'ready' | 'uploading' | 'done' | 'failed';
}

export interface AddResult {
  /** Why some files were left out, one sentence each (empty when all were taken). */
  problems: string[];
  tooMany: boolean;
}

/**
 * The images picked for a proposal: checked on the way in (JPEG, PNG, GIF or WebP, 5 MB each, at most 5), previewed
 * with object URLs released when they go away, and uploaded one after another once the festival exists.
 */
export function useProposalImages() {
  const [images, setImages] = useState<ProposalImage[]>([]);
  const previews = useRef(new Set<string>());
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const add = (files: File[]): AddResult => {
    const problems: string[] = [];
    const accepted: ProposalImage[] = [];
    for (const file of files) {
      const problem = imageFileError(file);
      if (problem) {
        problems.push(`${file.name}: ${problem}`);
        continue;
      }
      if (images.length + accepted.length >= MAX_IMAGES_PER_FESTIVAL) {
        problems.push(TOO_MANY_IMAGES_MESSAGE);
        break;
      }
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      accepted.push({
        id: `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`,
        file,
        preview,
        progress: 0,
        state: 'ready',
      });
    }
    setImages((current) => [...current, ...accepted]);
    return { problems: [...new Set(problems)], tooMany: problems.includes(TOO_MANY_IMAGES_MESSAGE) };
  };

  const remove = (id: string) => {
    setImages((current) => {
      const item = current.find((i) => i.id === id);
      if (item) {
        URL.revokeObjectURL(item.preview);
        previews.current.delete(item.preview);
      }
      return current.filter((i) => i.id !== id);
    });
  };

  const patch = (id: string, change: Partial<ProposalImage>) =>
    setImages((list) => list.map((i) => (i.id === id ? { ...i, ...change } : i)));

  /** Uploads every image to the new festival; resolves to how many failed (the others are stored). */
  const uploadAll = async (festivalId: number): Promise<number> => {
    let failed = 0;
    for (const item of images) {
      patch(item.id, { state: 'uploading', progress: 0 });
      try {
        await uploadProposalImage(festivalId, item.file, (progress) => patch(item.id, { progress }));
        patch(item.id, { state: 'done', progress: 1 });
      } catch (error) {
        failed += 1;
        console.warn('No se pudo subir la imagen', item.file.name, error);
        patch(item.id, { state: 'failed' });
      }
    }
    return failed;
  };

  const clear = useCallback(() => {
    previews.current.forEach((url) => URL.revokeObjectURL(url));
    previews.current.clear();
    setImages([]);
  }, []);

  return { images, add, remove, uploadAll, clear };
}
