// Placeholder until the catalogue tables land (issue 3 replaces this file).
export {};
