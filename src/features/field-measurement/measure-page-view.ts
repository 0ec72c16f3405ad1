import { onCLS, onFCP, onINP, onLCP, onTTFB, type MetricType } from 'web-vitals/attribution';
import type { TakeoverWindow } from '../../domain/takeover';
import {
  CONNECTION_TYPES,
  FIELD_BEACON_PATH,
  type ConnectionType,
  type FieldMetric,
} from '../../domain/field-measurement';

// Loaded after the app has started (start-measurement.ts), never by the page's early script: the
// figures taken before are not lost, web-vitals reads them from the browser's buffered entries,
// and the early tap's from what src/early noted on window.

type Connection = { effectiveType?: string };

function connectionType(): ConnectionType {
  const type = (navigator as Navigator & { connection?: Connection }).connection?.effectiveType;
  return (CONNECTION_TYPES as readonly string[]).includes(type ?? '')
    ? (type as ConnectionType)
    : 'desconhecida';
}

/**
 * Gathers this page view's figures and sends them in one beacon the first time the page is hidden
 * (a tab switched, the app left, a link to another site: the last moment a page is sure to have).
 * Only the route pattern, the viewport's width and the connection type go with them: no address,
 * no id, no query string; the server ignores the cookies the browser adds.
 */
export function measurePageView(routePattern: string): void {
  const figures: Partial<Record<FieldMetric, number>> = {};
  const keep = (metric: MetricType) => {
    figures[metric.name] = metric.value;
  };
  onTTFB(keep);
  onFCP(keep);
  onLCP(keep);
  onCLS(keep);
  onINP(keep);

  let sent = false;
  // web-vitals hands its last figures to `keep` in its own capturing listener of this same event,
  // so by the time it reaches window in its bubbling phase they are all in.
  addEventListener('visibilitychange', () => {
    if (sent || document.visibilityState !== 'hidden') return;
    const tap = (window as TakeoverWindow).__earlyTap;
    if (tap?.feedback !== undefined) figures.TAP_FEEDBACK = tap.feedback;
    if (tap?.answer !== undefined) figures.TAP_ANSWER = tap.answer;
    if (Object.keys(figures).length === 0) return;
    sent = true;
    const body = JSON.stringify({
      rota: routePattern,
      largura: window.innerWidth,
      conexao: connectionType(),
      metricas: figures,
    });
    // A string goes as text/plain: no preflight, and the server reads it as JSON.
    if (!navigator.sendBeacon?.(FIELD_BEACON_PATH, body))
      void fetch(FIELD_BEACON_PATH, { method: 'POST', body, keepalive: true, credentials: 'omit' }).catch(
        () => undefined,
      );
  });
  document.documentElement.setAttribute('data-medindo', '');
}
