/** "1 device", "3,400 packages", "2 vulnerabilities": a count in en-US digits with its noun. */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`
