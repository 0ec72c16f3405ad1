import { VisuallyHidden } from '@mantine/core';
import { trackerState } from '../../../domain/order-tracker';
import classes from './order-tracker.module.css';

/**
 * The six stages of the order tracker as an ordered list: stages up to and including currentStepIndex are
 * done, the one at the index is the current step (aria-current="step").
 */
export function OrderTracker({ currentStepIndex, label }: { currentStepIndex: number; label: string }) {
  return (
    <ol className={classes.tracker} aria-label={label}>
      {trackerState(currentStepIndex).map((step, index) => (
        <li
          key={step.label}
          className={classes.step}
          data-done={step.done || undefined}
          data-current={step.current || undefined}
          aria-current={step.current ? 'step' : undefined}
        >
          <span className={classes.marker} aria-hidden="true">
            {step.done ? '✓' : index + 1}
          </span>
          <span className={classes.label}>
            {step.label}
            <VisuallyHidden>{step.done ? ' (concluído)' : ' (pendente)'}</VisuallyHidden>
          </span>
        </li>
      ))}
    </ol>
  );
}
