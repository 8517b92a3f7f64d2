/** Where the tokenizer sends card data: Basis Theory (the service's vault) for the service's production or development tenant, or the local sandbox's emulation of it. */
export type TokenizerEnvironment = 'production' | 'development' | 'local';
