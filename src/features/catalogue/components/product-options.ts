// The product page's options only some products have (a chunk of their own, see product-details):
// the tile calculator for what is sold by the m², the lote picker for what comes in lotes.
export { TileCalculator } from './tile-calculator';
export { LotePicker } from './lote-picker';
