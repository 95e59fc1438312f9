/**
 * The inert script type the server's stream gives the page's module script until the first
 * paint (decision 0013). The content-security policy must recognise it as a script to hash.
 */
export const DEFERRED_MODULE_TYPE = "text/x-kursusku-module";
