// Placeholder until the customers tables land (issue 4 replaces this file).
export {};
