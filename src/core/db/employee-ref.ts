import { employees } from './schema/index.ts';

/** An employee as answers name them: id, number, both names, department. */
export const employeeRefColumns = {
  id: employees.id,
  employeeNumber: employees.employeeNumber,
  Name_1_English: employees.nameEn,
  Name_2_Arabic: employees.nameAr,
  departmentId: employees.departmentId,
};
