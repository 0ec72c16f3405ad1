import { ActionIcon } from '@mantine/core';
import classes from './slide-arrows.module.css';

interface SlideArrowsProps {
  /** Accessible names, e.g. 'Banner anterior' and 'Próximo banner'. */
  previousLabel: string;
  nextLabel: string;
  onPrevious(): void;
  onNext(): void;
  /** 'corner': on a phone both sit in the bottom right corner, off the slide's words. */
  phonePlacement?: 'sides' | 'corner';
}

/** The ‹ › buttons over a slide (banner carousel, product gallery); the parent is positioned. */
export function SlideArrows({
  previousLabel,
  nextLabel,
  onPrevious,
  onNext,
  phonePlacement = 'sides',
}: SlideArrowsProps) {
  const arrows = [
    { side: classes.prev, label: previousLabel, onClick: onPrevious, glyph: '‹' },
    { side: classes.next, label: nextLabel, onClick: onNext, glyph: '›' },
  ];
  return arrows.map(({ side, label, onClick, glyph }) => (
    <ActionIcon
      key={label}
      className={`${classes.arrow} ${side} ${phonePlacement === 'corner' ? classes.corner : ''}`}
      variant="white"
      color="dark"
      radius="xl"
      size="lg"
      aria-label={label}
      onClick={onClick}
    >
      <span aria-hidden="true">{glyph}</span>
    </ActionIcon>
  ));
}
