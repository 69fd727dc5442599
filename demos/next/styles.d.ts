// Stylesheets are imported for their effect (Next.js bundles them).
declare module '*.css';
