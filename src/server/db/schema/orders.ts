// Placeholder until the orders tables land (issue 4 replaces this file).
export {};
