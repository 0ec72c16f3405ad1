// The product page's options only some products have (a chunk of their own, see product-details):
// the tile calculator for what is sold by the m², the lote picker for what comes in lotes, the
// calculators of paint, mortar, grout and blocks (one chunk: split, the number input they share with
// the tile calculator became a chunk of its own, one more file for a tile's page).
export { TileCalculator } from './tile-calculator';
export { LotePicker } from './lote-picker';
export { MaterialCalculator } from './material-calculator';
