/**
 * The icons every festival card repeats (a heart, a calendar, a pin, five stars), drawn from one
 * sprite that the build writes into index.html from lucide's own shapes (web/vite.config.ts). Each
 * card then costs the browser an <svg> and a <use> per icon, and React a plain element, instead of
 * lucide-react's component that builds every icon's attributes and shapes again on each render: a
 * first page of 24 cards draws some 190 of them (docs/decisions/067).
 */
export const SPRITE_ICONS = ['heart', 'calendar', 'map-pin', 'star'] as const;

export type SpriteIconName = (typeof SPRITE_ICONS)[number];

/** The id of an icon's <symbol> in index.html's sprite. */
export const spriteIconId = (name: SpriteIconName) => `icon-${name}`;
