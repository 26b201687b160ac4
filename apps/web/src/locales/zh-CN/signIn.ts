/**
 * The texts of the sign-in page's first load (the shell's app texts and the sign-in's): the modules
 * it loads take `t` from here, so the other areas' tables come with their own screens.
 */
export * from './auth';
export * from './common';
