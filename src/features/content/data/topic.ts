/** One accordion topic of an institutional page. */
export interface Topic {
  title: string;
  paragraphs: readonly string[];
  items?: readonly string[];
}
