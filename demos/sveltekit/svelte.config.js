import adapter from '@sveltejs/adapter-static';

// Every page is prerendered at build time, in Node, into build/.
export default { kit: { adapter: adapter() } };
