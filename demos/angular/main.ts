// JIT: Angular compiles the component's template in the browser, so no Angular CLI is needed.
import '@angular/compiler';
import { provideZonelessChangeDetection } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { App } from './app.component.js';

bootstrapApplication(App, { providers: [provideZonelessChangeDetection()] }).catch((error) =>
  console.error(error),
);
