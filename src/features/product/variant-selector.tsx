// The selectors of a configurable product: colour swatches, size buttons and lists for the other
// attributes. A choice selects a variant (and so its offer and pictures); values that lead to no
// variant given the choices before them are disabled.
import { useLingui } from "@lingui/react";
import { useId } from "react";
import type { Product, ProductVariant } from "../../api/queries/product.ts";
import { attributeChoices, chooseValue, selectionOf, valueInStock, variantsFor, type AttributeChoice } from "./variant-selection.ts";

interface VariantSelectorProps {
  product: Product;
  variant: ProductVariant | undefined;
  onSelect: (variant: ProductVariant) => void;
}

export function VariantSelector({ product, variant, onSelect }: VariantSelectorProps) {
  const selection = selectionOf(variant);
  const choices = attributeChoices(product);
  if (choices.length === 0) return null;

  const choose = (position: number, value: string) => {
    const next = chooseValue(product, selection, position, value);
    if (next && next.reference !== variant?.reference) onSelect(next);
  };

  return (
    <div className="variant-selector">
      {choices.map((choice, position) => (
        <AttributeSelector
          key={choice.name}
          choice={choice}
          selected={selection[choice.name]}
          isDisabled={(value) => variantsFor(product, selection, position, value).length === 0}
          isInStock={(value) => valueInStock(product, selection, position, value)}
          onChoose={(value) => choose(position, value)}
        />
      ))}
    </div>
  );
}

interface AttributeSelectorProps {
  choice: AttributeChoice;
  selected: string | undefined;
  isDisabled: (value: string) => boolean;
  isInStock: (value: string) => boolean;
  onChoose: (value: string) => void;
}

function AttributeSelector({ choice, selected, isDisabled, isInStock, onChoose }: AttributeSelectorProps) {
  const { _ } = useLingui();
  const id = useId();
  const selectedLabel = choice.values.find((value) => value.value === selected)?.label;

  if (choice.displayType === "TEXT") {
    return (
      <div className="variant-attribute">
        <label className="variant-attribute__label" htmlFor={`${id}-select`}>
          {choice.label}
        </label>
        <select id={`${id}-select`} className="variant-attribute__select" value={selected ?? ""} onChange={(event) => onChoose(event.target.value)}>
          {choice.values.map((value) => (
            <option key={value.value} value={value.value} disabled={isDisabled(value.value)}>
              {isDisabled(value.value)
                ? _("product.variant.unavailable", { value: value.label })
                : isInStock(value.value)
                  ? value.label
                  : _("product.variant.soldOut", { value: value.label })}
            </option>
          ))}
        </select>
      </div>
    );
  }

  const swatches = choice.displayType === "COLOR";
  return (
    <fieldset className="variant-attribute">
      <legend className="variant-attribute__label">
        {choice.label}
        {selectedLabel && (
          <>
            {_("product.variant.separator")}
            <strong>{selectedLabel}</strong>
          </>
        )}
      </legend>
      <div className={swatches ? "variant-options variant-options--swatches" : "variant-options"}>
        {choice.values.map((value) => {
          const disabled = isDisabled(value.value);
          const inStock = !disabled && isInStock(value.value);
          const optionId = `${id}-${value.value}`;
          const name = disabled
            ? _("product.variant.unavailable", { value: value.label })
            : inStock
              ? value.label
              : _("product.variant.soldOut", { value: value.label });
          return (
            <div className="variant-option" key={value.value}>
              <input
                className="variant-option__input"
                type="radio"
                id={optionId}
                name={id}
                value={value.value}
                checked={selected === value.value}
                disabled={disabled}
                onChange={() => onChoose(value.value)}
              />
              <label
                htmlFor={optionId}
                className={[
                  "variant-option__label",
                  swatches ? "variant-option__label--swatch" : "variant-option__label--size",
                  !disabled && !inStock ? "is-sold-out" : "",
                ].join(" ")}
              >
                {swatches ? (
                  <>
                    <span className="variant-option__swatch" style={{ background: value.colorCode ?? "transparent" }} aria-hidden="true" />
                    <span className="visually-hidden">{name}</span>
                  </>
                ) : (
                  <>
                    <span aria-hidden="true">{value.label}</span>
                    <span className="visually-hidden">{name}</span>
                  </>
                )}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
