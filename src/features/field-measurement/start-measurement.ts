import { fieldSamplePercent } from '../../config/env';

// Field measurement (issue 39): what shoppers' browsers measure, sent to the store. This part is in
// the app's first code and tiny; the library comes in a chunk of its own, asked for only when this
// page view is in the sample (VITE_RUM_SAMPLE_PERCENT).

/** Measures this page view (one of `routePattern`, e.g. '/produto/:id') if it falls in the sample. */
export function startFieldMeasurement(routePattern: string): void {
  if (Math.random() * 100 >= fieldSamplePercent) return;
  void import('./measure-page-view')
    .then(({ measurePageView }) => measurePageView(routePattern))
    .catch(() => undefined);
}
