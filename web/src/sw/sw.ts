/**
 * The service worker's entry (built by vite-plugin-pwa's injectManifest into /sw.js, decision 039).
 * Each concern is a module of this folder that registers its own routes and listeners; a new one
 * is one more import here.
 */
import './app-shell';
import './runtime-caching';
import './push';
