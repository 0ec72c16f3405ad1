import { ActionIcon } from '@mantine/core';
import classes from './slide-arrows.module.css';

interface SlideArrowsProps {
  /** Accessible names, e.g. 'Banner anterior' and 'Próximo banner'. */
  previousLabel: string;
  nextLabel: string;
  onPrevious(): void;
  onNext(): void;
}

/** The ‹ › buttons over a slide (banner carousel, product gallery); the parent is positioned. */
export function SlideArrows({ previousLabel, nextLabel, onPrevious, onNext }: SlideArrowsProps) {
  return (
    <>
      <ActionIcon
        className={`${classes.arrow} ${classes.prev}`}
        variant="white"
        color="dark"
        radius="xl"
        size="lg"
        aria-label={previousLabel}
        onClick={onPrevious}
      >
        <span aria-hidden="true">‹</span>
      </ActionIcon>
      <ActionIcon
        className={`${classes.arrow} ${classes.next}`}
        variant="white"
        color="dark"
        radius="xl"
        size="lg"
        aria-label={nextLabel}
        onClick={onNext}
      >
        <span aria-hidden="true">›</span>
      </ActionIcon>
    </>
  );
}
