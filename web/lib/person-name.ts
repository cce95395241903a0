/** How a person is named on screen: first and last name from their profile, else their e-mail address. */
export function personName(person: { firstName: string; lastName: string; email: string }): string {
  return `${person.firstName} ${person.lastName}`.trim() || person.email;
}
